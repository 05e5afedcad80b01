import { FormShell, useFieldRules, useFormShell, useTexts } from '@phonefleet/sdk/ui';
import { Button, Card, Form, Input, message, Select, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import {
  type DeviceOption,
  type DevicePasswordStatus,
  fetchDevicePassword,
  findDevices,
  saveDevicePassword,
} from '../credentials-api.js';
import { credentialText } from '../credentials-texts.js';

interface Values {
  deviceId: number | undefined;
  password: string;
}

/** A device's own digest password (its user name is its MAC); write-only like the organization's. */
export function DevicePasswordCard() {
  const t = useTexts(credentialText);
  const rules = useFieldRules();
  const [form] = Form.useForm<Values>();
  const [options, setOptions] = useState<DeviceOption[]>([]);
  const [status, setStatus] = useState<DevicePasswordStatus | null>(null);
  const deviceId = Form.useWatch('deviceId', form);
  // One leave guard per screen: the organization's form has it.
  const shell = useFormShell({
    form,
    guard: false,
    cancelTo: () => form.resetFields(),
    fieldErrors: { passwordRule: 'password' },
  });

  const search = useCallback((keywords: string) => {
    findDevices(keywords.trim())
      .then(setOptions)
      .catch(() => setOptions([]));
  }, []);
  useEffect(() => search(''), [search]);
  useEffect(() => {
    setStatus(null);
    if (!deviceId) return;
    let current = true;
    fetchDevicePassword(deviceId)
      .then((found) => {
        if (current) setStatus(found);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [deviceId]);

  const save = () =>
    shell.submit(async (values) => {
      if (!values.deviceId) return false;
      await saveDevicePassword(values.deviceId, values.password);
      message.success(t('saved'));
      form.setFieldValue('password', '');
      setStatus(await fetchDevicePassword(values.deviceId));
    });

  return (
    <Card data-testid="device-password">
      <FormShell
        shell={shell}
        card={false}
        title={t('deviceTitle')}
        notice={<Typography.Paragraph type="secondary">{t('deviceIntro')}</Typography.Paragraph>}
        buttons={
          <Button type="primary" onClick={save} data-testid="device-password-save">
            {t('save')}
          </Button>
        }
      >
        <Form.Item name="deviceId" label={t('device')} rules={[{ ...rules.required, type: 'number' }]}>
          <Select
            showSearch
            filterOption={false}
            onSearch={search}
            placeholder={t('devicePlaceholder')}
            options={options.map((device) => ({
              value: device.id,
              label: `${device.macAddress} ${device.deviceName ? `· ${device.deviceName}` : ''} (${device.deviceModel})`,
            }))}
            data-testid="device-password-device"
          />
        </Form.Item>
        {status ? (
          <Form.Item label={t('deviceUsername')}>
            <Typography.Text code>{status.username}</Typography.Text>{' '}
            <Tag color={status.passwordSet ? 'green' : 'default'} data-testid="device-password-status">
              {t('passwordStored')}: {status.passwordSet ? t('passwordSet') : t('passwordNotSet')}
            </Tag>
          </Form.Item>
        ) : null}
        <Form.Item name="password" label={t('password')} extra={t('passwordHint')} rules={[rules.required]}>
          <Input.Password autoComplete="new-password" data-testid="device-password-password" />
        </Form.Item>
      </FormShell>
    </Card>
  );
}
