import { ChoiceFilter, DaysFilter, useTexts } from '@phonefleet/sdk/ui';
import { Input } from 'antd';
import { LEVELS, type Level, type LogFilters } from '../api.js';
import { syslogText } from '../texts.js';

/** The log's own filters, after the kit's keywords: days, user name, level. */
export function LogFilterControls({ set }: { set(patch: Partial<LogFilters>): void }) {
  const t = useTexts(syslogText);
  return (
    <>
      <DaysFilter testId="syslog-time-filter" onRange={set} />
      <Input.Search
        allowClear
        placeholder={t('userName')}
        style={{ width: 180 }}
        data-testid="syslog-user-filter"
        onSearch={(value) => set({ userName: value.trim() || undefined })}
      />
      <ChoiceFilter<Level>
        id="syslog-level-filter"
        placeholder={t('allLevels')}
        options={LEVELS.map((level) => ({ value: level, label: t(level) }))}
        onChange={(level) => set({ level })}
      />
    </>
  );
}
