import { ALARM_TYPES, dayRange, useSession, useTexts } from '@phonefleet/sdk/ui';
import { DatePicker, Select } from 'antd';
import type { AlarmFilters } from '../api.js';
import { alarmTypeName, LEVELS, levelName, STATES, stateName } from '../labels.js';
import { alarmText } from '../texts.js';

/** The alarm list's own filters, after the kit's keywords and site: level, type, state, days. */
export function AlarmFilterControls({ set }: { set(patch: Partial<AlarmFilters>): void }) {
  const { language, zoneOffset } = useSession();
  const t = useTexts(alarmText);
  return (
    <>
      <Select<number>
        allowClear
        placeholder={t('allLevels')}
        style={{ width: 140 }}
        options={LEVELS.map((level) => ({ value: level, label: levelName(level, language) }))}
        onChange={(level) => set({ level })}
        id="alarm-level-filter"
        data-testid="alarm-level-filter"
      />
      <Select<number>
        allowClear
        placeholder={t('allTypes')}
        style={{ width: 200 }}
        options={ALARM_TYPES.map(({ type }) => ({ value: type, label: alarmTypeName(type, language) }))}
        onChange={(type) => set({ type })}
        id="alarm-type-filter"
        data-testid="alarm-type-filter"
      />
      <Select<number>
        allowClear
        placeholder={t('allStates')}
        style={{ width: 140 }}
        options={STATES.map((status) => ({ value: status, label: stateName(status, language) }))}
        onChange={(status) => set({ status })}
        id="alarm-state-filter"
        data-testid="alarm-state-filter"
      />
      <span data-testid="alarm-time-filter">
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
    </>
  );
}
