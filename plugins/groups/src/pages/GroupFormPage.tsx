import { rememberCreated, SiteTreeSelect, takeCreated, translate, useSession } from '@phonefleet/sdk/ui';
import { Button, Card, Form, Input, message, Result, Space, Spin, Steps, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { addGroup, fetchGroup, type GroupDetail, groupNameAvailable, updateGroup } from '../api.js';
import { DevicePicker } from '../components/DevicePicker.js';
import { GROUP_LIST, groupParamsPath } from '../links.js';
import { type GroupTextKey, groupText } from '../texts.js';

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
  const { language } = useSession();
  const t = useCallback(
    (key: GroupTextKey, values?: Record<string, string | number>) => groupText(key, language, values),
    [language],
  );
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const [step, setStep] = useState<0 | 1>(0);
  const [deviceIds, setDeviceIds] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  const [group, setGroup] = useState<GroupDetail | null | undefined>(mode === 'edit' ? undefined : null);
  const editId = Number(query.get('id')) || 0;
  const siteId = Form.useWatch('siteId', form);

  useEffect(() => {
    // Back on the first step: no finish step is pending.
    takeCreated('group');
    if (mode === 'add') return;
    let current = true;
    fetchGroup(editId)
      .then((found) => {
        if (!current) return;
        setGroup(found);
        setDeviceIds(found.devices.map((device) => device.id));
        form.setFieldsValue({
          groupName: found.groupName,
          description: found.description,
          siteId: found.siteId ?? undefined,
        });
      })
      .catch(() => {
        if (current) setGroup(null);
      });
    return () => {
      current = false;
    };
  }, [mode, editId, form]);

  const toDevices = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
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
      setSaving(false);
    }
  };

  const submit = async (next: 'list' | 'params') => {
    if (deviceIds.length === 0) {
      message.error(translate('groupNeedsDevice', language));
      return;
    }
    const values = form.getFieldsValue(true) as Values;
    const input = {
      groupName: values.groupName.trim(),
      description: values.description?.trim() ?? '',
      deviceIds,
    };
    setSaving(true);
    try {
      let id: number;
      if (mode === 'add')
        id = (await addGroup({ ...input, ...(values.siteId ? { siteId: values.siteId } : {}) })).id;
      else {
        id = editId;
        await updateGroup({ ...input, id });
      }
      if (next === 'list') {
        message.success(t('saved'));
        navigate(GROUP_LIST);
        return;
      }
      rememberCreated('group', { id, name: input.groupName });
      navigate(groupParamsPath({ id, groupName: input.groupName }, mode === 'add'));
    } catch {
      // shown by the api client (name taken, devices outside the group's site ...)
    } finally {
      setSaving(false);
    }
  };

  if (group === undefined) return <Spin style={{ display: 'block', padding: 64 }} />;
  if (mode === 'edit' && group === null) {
    return (
      <Result
        status="warning"
        title={t('notFound')}
        extra={<Button onClick={() => navigate(GROUP_LIST)}>{t('cancel')}</Button>}
      />
    );
  }
  const cancel = <Button onClick={() => navigate(GROUP_LIST)}>{t('cancel')}</Button>;
  return (
    <Card data-testid="group-form" data-step={step}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {mode === 'add' ? t('addGroup') : t('editGroup')}
      </Typography.Title>
      <Steps
        current={step}
        items={[
          { title: t('stepBasic') },
          { title: t('stepDevices') },
          { title: t('stepParams') },
          { title: t('stepFinish') },
        ]}
        style={{ maxWidth: 900, marginBottom: 32 }}
      />
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ maxWidth: 560, display: step === 0 ? undefined : 'none' }}
        disabled={saving}
      >
        <Form.Item
          name="groupName"
          label={t('groupName')}
          rules={[
            { required: true, whitespace: true, message: translate('fieldRequired', language) },
            { max: 128, message: translate('nameTooLong', language) },
          ]}
        >
          <Input data-testid="group-name" />
        </Form.Item>
        <Form.Item name="siteId" label={t('site')} extra={mode === 'add' ? t('siteHint') : undefined}>
          <SiteTreeSelect allowClear data-testid="group-site" disabled={mode === 'edit'} />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('description')}
          rules={[{ max: 500, message: translate('descriptionTooLong', language) }]}
        >
          <Input.TextArea rows={4} data-testid="group-desc" />
        </Form.Item>
        <Space>
          {cancel}
          <Button type="primary" onClick={toDevices} loading={saving} data-testid="group-next">
            {t('next')}
          </Button>
        </Space>
      </Form>
      {step === 1 ? (
        <>
          <DevicePicker siteId={siteId} selected={deviceIds} onChange={setDeviceIds} />
          <Space style={{ marginTop: 16 }}>
            {cancel}
            <Button onClick={() => setStep(0)}>{t('back')}</Button>
            {mode === 'edit' ? (
              <Button onClick={() => submit('list')} loading={saving}>
                {t('save')}
              </Button>
            ) : null}
            <Button
              type="primary"
              onClick={() => submit('params')}
              loading={saving}
              data-testid="group-devices-next"
            >
              {t('next')}
            </Button>
          </Space>
        </>
      ) : null}
    </Card>
  );
}
