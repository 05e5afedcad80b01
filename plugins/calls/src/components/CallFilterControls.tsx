import { ChoiceFilter, useTexts } from '@phonefleet/sdk/ui';
import { DatePicker, Select } from 'antd';
import { useState } from 'react';
import { QUALITIES } from '../quality.js';
import { callText } from '../texts.js';
import {
  DEFAULT_PERIOD,
  PERIODS,
  type Period,
  periodRange,
  pickedRange,
  type TimeRange,
} from '../time-range.js';

export interface CallFilterControlsProps {
  zoneOffset: string;
  onRange(range: TimeRange): void;
  onQuality(quality: number | undefined): void;
}

/**
 * The page's own filters after keywords and site: a period (today, last 7 or 30 days) or days
 * picked on the calendar (which win until cleared, then the period counts again), and a quality.
 */
export function CallFilterControls({ zoneOffset, onRange, onQuality }: CallFilterControlsProps) {
  const t = useTexts(callText);
  const [period, setPeriod] = useState<Period>(DEFAULT_PERIOD);
  const [custom, setCustom] = useState(false);
  // A new key empties the calendar when a period is chosen again.
  const [pickerKey, setPickerKey] = useState(0);
  return (
    <>
      <Select<Period | 'custom'>
        style={{ width: 150 }}
        value={custom ? 'custom' : period}
        options={[
          ...(Object.keys(PERIODS) as Period[]).map((value) => ({ value, label: t(value) })),
          ...(custom ? [{ value: 'custom' as const, label: t('customRange'), disabled: true }] : []),
        ]}
        onChange={(value) => {
          if (value === 'custom') return;
          setPeriod(value);
          setCustom(false);
          setPickerKey((key) => key + 1);
          onRange(periodRange(value, zoneOffset));
        }}
        id="call-period-filter"
        data-testid="call-period-filter"
      />
      <span data-testid="call-time-filter">
        <DatePicker.RangePicker
          key={pickerKey}
          allowEmpty={[false, false]}
          placeholder={[t('startDate'), t('endDate')]}
          format="YYYY/MM/DD"
          onChange={(days) => {
            const [first, last] = days ?? [];
            const picked = Boolean(first && last);
            setCustom(picked);
            onRange(first && last ? pickedRange(first, last, zoneOffset) : periodRange(period, zoneOffset));
          }}
        />
      </span>
      <ChoiceFilter<number>
        id="call-quality-filter"
        placeholder={t('allQualities')}
        width={150}
        options={QUALITIES.map((quality) => ({ value: quality.value, label: t(quality.key) }))}
        onChange={onQuality}
      />
    </>
  );
}
