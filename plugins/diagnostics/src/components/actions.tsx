import type { SystemLogRange } from '@phonefleet/sdk';
import {
  checkDiagnosticHost,
  DIAGNOSTIC_CAPTURE_LIMIT_BYTES,
  epochOfPicked,
  formatBytes,
  LOG_LEVELS,
  MAX_PING_COUNT,
  type PickedTime,
  translate,
  useSession,
  useTexts,
} from '@phonefleet/sdk/ui';
import { DatePicker, Form, Input, InputNumber, Radio, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { diagnosticText } from '../texts.js';
import { ActionCard, type ActionProps } from './ActionCard.js';

/** Spec §4: a capture runs until stopped and stops by itself above 100 MB. */
function useCaptureHint(): string {
  const t = useTexts(diagnosticText);
  return t('captureLimit', { limit: formatBytes(DIAGNOSTIC_CAPTURE_LIMIT_BYTES) });
}

/** Spec §5 "Diagnostics: host required", and a host name or IP address only, in the sdk's words. */
function useHostRules(): Rule[] {
  const { language } = useSession();
  return [
    {
      validator: async (_rule, value: string | undefined) => {
        const check = checkDiagnosticHost(value);
        if (!check.ok) throw new Error(translate(check.message, language));
      },
    },
  ];
}

function HostField() {
  const t = useTexts(diagnosticText);
  const rules = useHostRules();
  return (
    <Form.Item name="host" label={t('host')} required rules={rules}>
      <Input placeholder={t('hostPlaceholder')} style={{ width: 220 }} />
    </Form.Item>
  );
}

export function CaptureLog(props: ActionProps) {
  const t = useTexts(diagnosticText);
  const hint = useCaptureHint();
  return (
    <ActionCard<{ level: string }>
      {...props}
      action="log"
      startLabel={t('start')}
      initialValues={{ level: 'info' }}
      fields={
        <Form.Item name="level" label={t('level')}>
          <Select
            style={{ width: 130 }}
            options={LOG_LEVELS.map((level) => ({ value: level, label: level }))}
          />
        </Form.Item>
      }
      body={({ level }) => ({ level })}
      hint={hint}
    />
  );
}

export function CaptureTrace(props: ActionProps) {
  const t = useTexts(diagnosticText);
  const hint = useCaptureHint();
  return <ActionCard {...props} action="trace" startLabel={t('start')} hint={hint} />;
}

export function ScreenCapture(props: ActionProps) {
  return <ActionCard {...props} action="screenshot" />;
}

export function Ping(props: ActionProps) {
  const t = useTexts(diagnosticText);
  const { language } = useSession();
  return (
    <ActionCard<{ host: string; count: number }>
      {...props}
      action="ping"
      initialValues={{ host: '', count: 4 }}
      fields={
        <>
          <HostField />
          <Form.Item
            name="count"
            label={t('count')}
            rules={[
              {
                type: 'integer',
                required: true,
                min: 1,
                max: MAX_PING_COUNT,
                message: translate('diagnosticsCountInvalid', language),
              },
            ]}
          >
            <InputNumber min={1} max={MAX_PING_COUNT} precision={0} style={{ width: 90 }} />
          </Form.Item>
        </>
      }
      body={({ host, count }) => ({ host: host.trim(), count })}
    />
  );
}

export function Traceroute(props: ActionProps) {
  return (
    <ActionCard<{ host: string }>
      {...props}
      action="traceroute"
      initialValues={{ host: '' }}
      fields={<HostField />}
      body={({ host }) => ({ host: host.trim() })}
    />
  );
}

type PickedRange = [PickedTime | null, PickedTime | null] | null | undefined;

interface SystemLogValues {
  range: SystemLogRange;
  between?: PickedRange;
}

const RANGES: { value: SystemLogRange; key: 'range1d' | 'range7d' | 'rangeCustom' | 'rangeAll' }[] = [
  { value: '1d', key: 'range1d' },
  { value: '7d', key: 'range7d' },
  { value: 'custom', key: 'rangeCustom' },
  { value: 'all', key: 'rangeAll' },
];

export function ExportSystemLog(props: ActionProps) {
  const t = useTexts(diagnosticText);
  const { language, zoneOffset } = useSession();
  // The picker shows and reads wall-clock times of the user's zone.
  const iso = (picked: PickedTime) => new Date(epochOfPicked(picked, zoneOffset)).toISOString();
  const rangeRule: Rule = {
    validator: async (_rule, value: PickedRange) => {
      const [first, last] = value ?? [];
      if (!first || !last || iso(first) >= iso(last))
        throw new Error(translate('diagnosticsRangeRequired', language));
    },
  };
  return (
    <ActionCard<SystemLogValues>
      {...props}
      action="systemLog"
      initialValues={{ range: '1d' }}
      fields={
        <>
          <Form.Item name="range" label={t('range')}>
            <Radio.Group
              optionType="button"
              options={RANGES.map(({ value, key }) => ({ value, label: t(key) }))}
            />
          </Form.Item>
          <Form.Item noStyle dependencies={['range']}>
            {({ getFieldValue }) =>
              getFieldValue('range') === 'custom' ? (
                <Form.Item name="between" required rules={[rangeRule]}>
                  <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY/MM/DD HH:mm" />
                </Form.Item>
              ) : null
            }
          </Form.Item>
        </>
      }
      body={({ range, between }) => {
        const [first, last] = between ?? [];
        return range === 'custom' && first && last
          ? { range, startTime: iso(first), endTime: iso(last) }
          : { range };
      }}
    />
  );
}

export function ConfigExport(props: ActionProps) {
  return <ActionCard {...props} action="config" />;
}
