import { DevicePicker, STRATEGY_DEVICE_SCOPES, useSession, useTexts } from '@phonefleet/sdk/ui';
import { Form, Radio, Typography } from 'antd';
import { scopeName } from '../../labels.js';
import type { StrategyValues } from '../../strategy-form.js';
import { alarmText } from '../../texts.js';
import { GroupsSelect, ModelsSelect, SitesSelect } from '../scope-selects.js';
import { useStrategyRules } from './rules.js';

/**
 * Step 4, devices: the scope, then the picker of its list (sites with their subtrees, groups,
 * models, or devices through the kit's picker); 'All devices' needs none.
 */
export function DeviceStep({ disabled }: { disabled: boolean }) {
  const { language } = useSession();
  const t = useTexts(alarmText);
  const rules = useStrategyRules();
  const scope: StrategyValues['deviceScope'] = Form.useWatch('deviceScope') ?? 'all';
  return (
    <>
      <Form.Item name="deviceScope" label={t('deviceScope')}>
        <Radio.Group
          data-testid="strategy-scope"
          options={STRATEGY_DEVICE_SCOPES.map((value) => ({ value, label: scopeName(value, language) }))}
        />
      </Form.Item>
      {scope === 'all' ? (
        <Typography.Paragraph type="secondary">{t('scopeAllHint')}</Typography.Paragraph>
      ) : null}
      {scope === 'site' ? (
        <Form.Item name="siteIds" extra={t('sitesHint')} rules={rules.devices}>
          <SitesSelect />
        </Form.Item>
      ) : null}
      {scope === 'group' ? (
        <Form.Item name="groupIds" rules={rules.devices}>
          <GroupsSelect />
        </Form.Item>
      ) : null}
      {scope === 'model' ? (
        <Form.Item name="models" rules={rules.devices}>
          <ModelsSelect />
        </Form.Item>
      ) : null}
      {scope === 'device' ? (
        <Form.Item name="deviceIds" rules={rules.devices}>
          <DevicePicker
            tableId="strategy-devices"
            disabled={disabled}
            clearable
            scrollY={360}
            testIds={{ root: 'strategy-device-picker', count: 'strategy-device-count' }}
          />
        </Form.Item>
      ) : null}
    </>
  );
}
