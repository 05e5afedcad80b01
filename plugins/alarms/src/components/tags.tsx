import type { Language } from '@phonefleet/sdk';
import { Tag } from 'antd';
import { LEVEL_COLORS, levelName, STATE_COLORS, stateName } from '../labels.js';

/** An alarm level as a coloured tag (critical red, major orange, minor blue). */
export function LevelTag({ level, language }: { level: number; language: Language }) {
  return (
    <Tag color={LEVEL_COLORS[level] ?? 'default'} data-level={level}>
      {levelName(level, language)}
    </Tag>
  );
}

export function StateTag({ status, language }: { status: number; language: Language }) {
  return (
    <Tag color={STATE_COLORS[status] ?? 'default'} data-state={status}>
      {stateName(status, language)}
    </Tag>
  );
}
