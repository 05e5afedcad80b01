import { ALARM_TYPES, ChoiceFilter, DaysFilter, useSession, useTexts } from '@phonefleet/sdk/ui';
import type { AlarmFilters } from '../api.js';
import { alarmTypeName, LEVELS, levelName, STATES, stateName } from '../labels.js';
import { alarmText } from '../texts.js';

/** The alarm list's own filters, after the kit's keywords and site: level, type, state, days. */
export function AlarmFilterControls({ set }: { set(patch: Partial<AlarmFilters>): void }) {
  const { language } = useSession();
  const t = useTexts(alarmText);
  return (
    <>
      <ChoiceFilter<number>
        id="alarm-level-filter"
        placeholder={t('allLevels')}
        options={LEVELS.map((level) => ({ value: level, label: levelName(level, language) }))}
        onChange={(level) => set({ level })}
      />
      <ChoiceFilter<number>
        id="alarm-type-filter"
        placeholder={t('allTypes')}
        width={200}
        options={ALARM_TYPES.map(({ type }) => ({ value: type, label: alarmTypeName(type, language) }))}
        onChange={(type) => set({ type })}
      />
      <ChoiceFilter<number>
        id="alarm-state-filter"
        placeholder={t('allStates')}
        options={STATES.map((status) => ({ value: status, label: stateName(status, language) }))}
        onChange={(status) => set({ status })}
      />
      <DaysFilter testId="alarm-time-filter" onRange={set} />
    </>
  );
}
