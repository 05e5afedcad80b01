import { STRATEGY_NAME_MAX, useFieldRules, useSession, useTexts } from '@phonefleet/sdk/ui';
import { Form, Input, Radio, Switch } from 'antd';
import { FREQUENCIES, frequencyName, MODES, modeName } from '../../labels.js';
import { alarmText } from '../../texts.js';
import { useStrategyRules } from './rules.js';

/** Step 1, basic information: name, description, frequency, mode and status. */
export function BasicStep() {
  const { language } = useSession();
  const t = useTexts(alarmText);
  const common = useFieldRules();
  const rules = useStrategyRules();
  return (
    <>
      <Form.Item name="name" label={t('strategyName')} rules={rules.name}>
        <Input maxLength={STRATEGY_NAME_MAX} showCount data-testid="strategy-name" />
      </Form.Item>
      <Form.Item name="description" label={t('description')} rules={common.description}>
        <Input.TextArea rows={3} data-testid="strategy-description" />
      </Form.Item>
      <Form.Item name="frequency" label={t('frequency')} extra={t('frequencyHint')}>
        <Radio.Group
          data-testid="strategy-frequency"
          options={FREQUENCIES.map((value) => ({ value, label: frequencyName(value, language) }))}
        />
      </Form.Item>
      <Form.Item name="mode" label={t('mode')} rules={rules.mode}>
        <Radio.Group
          data-testid="strategy-mode"
          options={MODES.map((value) => ({ value, label: modeName(value, language) }))}
        />
      </Form.Item>
      <Form.Item
        name="status"
        label={t('status')}
        valuePropName="checked"
        getValueProps={(status: number) => ({ checked: status === 1 })}
        normalize={(checked: boolean) => (checked ? 1 : 0)}
      >
        <Switch data-testid="strategy-status" />
      </Form.Item>
    </>
  );
}
