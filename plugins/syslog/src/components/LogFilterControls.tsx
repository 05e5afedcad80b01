import { dayRange, useSession, useTexts } from '@phonefleet/sdk/ui';
import { DatePicker, Input, Select } from 'antd';
import { LEVELS, type Level, type LogFilters } from '../api.js';
import { syslogText } from '../texts.js';

/** The log's own filters, after the kit's keywords: days, user name, level. */
export function LogFilterControls({ set }: { set(patch: Partial<LogFilters>): void }) {
  const { zoneOffset } = useSession();
  const t = useTexts(syslogText);
  return (
    <>
      <span data-testid="syslog-time-filter">
        <DatePicker.RangePicker
          placeholder={[t('startDate'), t('endDate')]}
          format="YYYY/MM/DD"
          onChange={(days) => {
            const [first, last] = days ?? [];
            set(
              first && last
                ? dayRange(first, last, zoneOffset)
                : { startTime: undefined, endTime: undefined },
            );
          }}
        />
      </span>
      <Input.Search
        allowClear
        placeholder={t('userName')}
        style={{ width: 180 }}
        data-testid="syslog-user-filter"
        onSearch={(value) => set({ userName: value.trim() || undefined })}
      />
      <Select<Level>
        allowClear
        placeholder={t('allLevels')}
        style={{ width: 140 }}
        options={LEVELS.map((level) => ({ value: level, label: t(level) }))}
        onChange={(level) => set({ level })}
        id="syslog-level-filter"
        data-testid="syslog-level-filter"
      />
    </>
  );
}
