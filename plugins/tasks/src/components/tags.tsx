import type { Language } from '@phonefleet/sdk';
import { taskResultName } from '@phonefleet/sdk/ui';
import { Tag } from 'antd';
import type { TaskState } from '../api.js';
import { type TaskTextKey, taskText } from '../texts.js';

const stateColors: Record<TaskState, string> = {
  0: 'blue',
  1: 'processing',
  4: 'default',
  5: 'warning',
  7: 'success',
};

/** Result colours: success green, failed and timeout red/orange, open ones blue/gold. */
export const resultColors: Record<number, string> = {
  0: 'blue',
  1: 'processing',
  2: 'success',
  3: 'error',
  4: 'default',
  5: 'warning',
  6: 'orange',
  7: 'cyan',
};

export function StateTag({ state, language }: { state: TaskState; language: Language }) {
  return (
    <Tag color={stateColors[state]} data-state={state}>
      {taskText(`state${state}` as TaskTextKey, language)}
    </Tag>
  );
}

export function ResultTag({ result, language }: { result: number; language: Language }) {
  return (
    <Tag color={resultColors[result] ?? 'default'} data-result={result}>
      {taskResultName(result, language)}
    </Tag>
  );
}
