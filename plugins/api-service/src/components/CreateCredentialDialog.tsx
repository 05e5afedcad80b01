import type { IssuedApiKey } from '@phonefleet/sdk';
import { useFieldRules, useTexts } from '@phonefleet/sdk/ui';
import { Alert, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { createCredential, type GivableRole, givableRoles } from '../api.js';
import { apiText } from '../texts.js';

interface Values {
  name: string;
  roleId: number;
  expiresAfterDays: number;
  ratePerMinute: number;
}

const EXPIRY_DAYS = [0, 30, 90, 365];
const DEFAULT_RATE = 600;
const DAY_MS = 86_400_000;

/** Name, role, expiry and rate of a new credential; resolves with the key the server issued. */
export function CreateCredentialDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose(): void;
  onCreated(issued: IssuedApiKey): void;
}) {
  const t = useTexts(apiText);
  const rules = useFieldRules();
  const [form] = Form.useForm<Values>();
  const [roles, setRoles] = useState<GivableRole[]>([]);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string>();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setRefusal(undefined);
    givableRoles().then(setRoles, () => setRoles([]));
  }, [open, form]);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    setRefusal(undefined);
    try {
      const issued = await createCredential({
        name: values.name.trim(),
        roleId: values.roleId,
        expireTime: values.expiresAfterDays ? Date.now() + values.expiresAfterDays * DAY_MS : null,
        ratePerMinute: values.ratePerMinute,
      });
      onCreated(issued);
    } catch (error) {
      setRefusal((error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('createTitle')}
      okText={t('create')}
      cancelText={t('cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ expiresAfterDays: 0, ratePerMinute: DEFAULT_RATE }}
        data-testid="api-create-form"
      >
        <Form.Item name="name" label={t('name')} rules={rules.name}>
          <Input data-testid="api-create-name" />
        </Form.Item>
        <Form.Item name="roleId" label={t('role')} rules={[rules.required]}>
          <Select
            data-testid="api-create-role"
            options={roles.map((role) => ({ value: role.id, label: role.name }))}
          />
        </Form.Item>
        <Form.Item name="expiresAfterDays" label={t('expiresAfter')}>
          <Select
            options={EXPIRY_DAYS.map((days) => ({
              value: days,
              label: days ? t('days', { count: days }) : t('never'),
            }))}
          />
        </Form.Item>
        <Form.Item name="ratePerMinute" label={t('ratePerMinute')} rules={[rules.required]}>
          <InputNumber min={1} max={100_000} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Form>
      {refusal && <Alert type="error" showIcon message={refusal} data-testid="api-create-error" />}
    </Modal>
  );
}
