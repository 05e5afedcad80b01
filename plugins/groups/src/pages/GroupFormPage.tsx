import {
  DevicePicker,
  FormShell,
  rememberCreated,
  SiteTreeSelect,
  translate,
  useEditedRecord,
  useFieldRules,
  useFormShell,
  useLanguage,
  useTexts,
  wizardState,
} from '@phonefleet/sdk/ui';
import { Form, Input, message } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { addGroup, fetchGroup, groupNameAvailable, updateGroup } from '../api.js';
import { GROUP_LIST, groupParamsPath } from '../links.js';
import { groupText } from '../texts.js';

interface Values {
  groupName: string;
  description?: string;
  siteId?: number;
}

/**
 * The group wizard's first two steps (spec §2 "Group template wizard: basic information, group
 * device, set parameters, finish"): /group/addGroup creates the group, /group/editGroup?id= changes
 * it; Next then opens the parameters plugin's /group/setParam, whose Save returns to the group list
 * showing the finish step.
 */
export function GroupFormPage({ mode }: { mode: 'add' | 'edit' }) {
  const language = useLanguage();
  const t = useTexts(groupText);
  const rules = useFieldRules();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const shell = useFormShell({ form, cancelTo: GROUP_LIST, fieldErrors: { groupNameExists: 'groupName' } });
  const [step, setStep] = useState<0 | 1>(0);
  const [deviceIds, setDeviceIds] = useState<number[]>([]);
  const [checking, setChecking] = useState(false);
  const editId = Number(query.get('id')) || 0;
  const siteId = Form.useWatch('siteId', form);
  const group = useEditedRecord(mode === 'edit' ? editId : undefined, fetchGroup, (found) => {
    setDeviceIds(found.devices.map((device) => device.id));
    form.setFieldsValue({
      groupName: found.groupName,
      description: found.description,
      siteId: found.siteId ?? undefined,
    });
  });

  const toDevices = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setChecking(true);
    try {
      const free = await groupNameAvailable(values.groupName.trim(), group?.id, values.siteId);
      if (!free) {
        form.setFields([{ name: 'groupName', errors: [translate('groupNameExists', language)] }]);
        return;
      }
      setStep(1);
    } catch {
      // shown by the api client
    } finally {
      setChecking(false);
    }
  };

  const save = (next: 'list' | 'params') =>
    shell.submit(
      async (values) => {
        if (deviceIds.length === 0) {
          message.error(translate('groupNeedsDevice', language));
          return false;
        }
        const input = {
          groupName: values.groupName.trim(),
          description: values.description?.trim() ?? '',
          deviceIds,
        };
        let id = editId;
        if (mode === 'add')
          id = (await addGroup({ ...input, ...(values.siteId ? { siteId: values.siteId } : {}) })).id;
        else await updateGroup({ ...input, id });
        if (next === 'list') {
          message.success(t('saved'));
          navigate(GROUP_LIST);
          return;
        }
        rememberCreated('group', { id, name: input.groupName });
        navigate(groupParamsPath({ id, groupName: input.groupName }, mode === 'add'), {
          state: wizardState([t('stepBasic'), t('stepDevices')]),
        });
      },
      { validate: false },
    );

  return (
    <FormShell
      shell={shell}
      title={mode === 'add' ? t('addGroup') : t('editGroup')}
      testId="group-form"
      loading={group === undefined}
      missing={mode === 'edit' && group === null ? t('notFound') : undefined}
      wizard={{
        area: 'group',
        steps: [t('stepBasic'), t('stepDevices')],
        current: step,
        busy: shell.saving || checking,
        ...(step === 0
          ? { onNext: toDevices, nextTestId: 'group-next' }
          : {
              onBack: () => setStep(0),
              ...(mode === 'edit' ? { onSave: () => save('list') } : {}),
              onNext: () => save('params'),
              nextTestId: 'group-devices-next',
            }),
      }}
      width={step === 0 ? 560 : false}
    >
      <div style={{ display: step === 0 ? undefined : 'none' }}>
        <Form.Item name="groupName" label={t('groupName')} rules={rules.name}>
          <Input data-testid="group-name" />
        </Form.Item>
        <Form.Item name="siteId" label={t('site')} extra={mode === 'add' ? t('siteHint') : undefined}>
          <SiteTreeSelect allowClear data-testid="group-site" disabled={mode === 'edit'} />
        </Form.Item>
        <Form.Item name="description" label={t('description')} rules={rules.description}>
          <Input.TextArea rows={4} data-testid="group-desc" />
        </Form.Item>
      </div>
      {step === 1 ? (
        <DevicePicker
          tableId="group-devices"
          siteId={siteId}
          value={deviceIds}
          onChange={(ids) => {
            setDeviceIds(ids);
            shell.changed();
          }}
          testIds={{ root: 'group-devices', keywords: 'device-search', count: 'selected-count' }}
        />
      ) : null}
    </FormShell>
  );
}
