import type { DiagnosticCredentialsBody, DiagnosticDeviceSettings } from '@phonefleet/sdk';
import { useTexts } from '@phonefleet/sdk/ui';
import { Button, Descriptions, Form, Input, InputNumber, Modal, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { saveCredentials } from '../api.js';
import { type DiagnosticTextKey, diagnosticText } from '../texts.js';

export interface SshSettingsDialogProps {
  open: boolean;
  device: DiagnosticDeviceSettings;
  onClose(): void;
  /** Something was saved: the page says so and loads the device's settings again. */
  onChanged(): void;
}

interface SshValues {
  port: number;
  username: string;
  password?: string;
}

const PASSWORD_HINT: Record<DiagnosticDeviceSettings['credentials'], DiagnosticTextKey> = {
  device: 'passwordDevice',
  configuration: 'passwordConfiguration',
  none: 'passwordNone',
};

/**
 * A device's SSH settings: port and user name as stored; the password is write-only, never shown
 * nor prefilled (its placeholder says where the one in use comes from) and sent only when typed.
 * Clearing the device's own password and forgetting the pinned host key are separate, confirmed.
 */
export function SshSettingsDialog({ open, device, onClose, onChanged }: SshSettingsDialogProps) {
  const t = useTexts(diagnosticText);
  const [form] = Form.useForm<SshValues>();
  const [saving, setSaving] = useState(false);

  const send = async (body: Omit<DiagnosticCredentialsBody, 'deviceId'>): Promise<boolean> => {
    try {
      await saveCredentials({ deviceId: device.deviceId, ...body });
      onChanged();
      return true;
    } catch {
      return false; // shown by the api client
    }
  };

  const save = async () => {
    let values: SshValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    const password = values.password ?? '';
    const saved = await send({
      port: values.port,
      username: values.username.trim(),
      ...(password ? { password } : {}),
    });
    setSaving(false);
    if (saved) onClose();
  };

  return (
    <Modal
      open={open}
      title={`${t('sshSettings')}: ${device.deviceName}`}
      okText={t('save')}
      cancelText={t('cancel')}
      okButtonProps={{ loading: saving }}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<SshValues>
        form={form}
        name="ssh"
        layout="vertical"
        initialValues={{ port: device.port, username: device.username }}
        data-testid="ssh-settings"
      >
        <Form.Item
          name="port"
          label={t('port')}
          rules={[{ type: 'integer', required: true, min: 1, max: 65535, message: t('portInvalid') }]}
        >
          <InputNumber min={1} max={65535} precision={0} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item
          name="username"
          label={t('username')}
          rules={[{ required: true, whitespace: true, message: t('usernameRequired') }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="password" label={t('password')}>
          <Input.Password autoComplete="new-password" placeholder={t(PASSWORD_HINT[device.credentials])} />
        </Form.Item>
      </Form>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('hostKey')}>
          {device.hostKey ? (
            <Typography.Text code data-testid="ssh-host-key">
              {device.hostKey}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary">{t('hostKeyNone')}</Typography.Text>
          )}
        </Descriptions.Item>
      </Descriptions>
      {device.credentials === 'device' ? (
        <Popconfirm
          title={t('clearPasswordQuestion')}
          okText={t('clearPassword')}
          cancelText={t('cancel')}
          onConfirm={() => send({ clearPassword: true })}
        >
          <Button style={{ marginRight: 8 }}>{t('clearPassword')}</Button>
        </Popconfirm>
      ) : null}
      {device.hostKey ? (
        <Popconfirm
          title={t('forgetHostKeyQuestion')}
          okText={t('forgetHostKey')}
          okButtonProps={{ danger: true }}
          cancelText={t('cancel')}
          onConfirm={() => send({ forgetHostKey: true })}
        >
          <Button danger>{t('forgetHostKey')}</Button>
        </Popconfirm>
      ) : null}
    </Modal>
  );
}
