import { SiteTreeSelect, translate, useSession } from '@phonefleet/sdk/ui';
import { Button, Form, Input, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { addDevice, type DeviceInput, fetchModels, updateDevice } from '../api.js';
import { macFromValue } from '../mac.js';
import { deviceText } from '../texts.js';
import { MacInput } from './MacInput.js';

/** Device name limit (spec §3). */
export const DEVICE_NAME_MAX = 128;
/** S/N: 1-32 letters, digits or hyphens (the platform's rule, docs/devices.md). */
const SERIAL_NUMBER = /^[A-Za-z0-9-]{1,32}$/;

export interface DeviceFormValues {
  macAddress: string;
  serialNumber?: string;
  deviceName?: string;
  deviceModel?: string;
  firmwareVersion?: string;
  siteId?: number;
}

export interface DeviceFormProps {
  /** The device being edited; absent when adding. */
  deviceId?: number;
  initial?: Partial<DeviceFormValues>;
  onSaved(id: number): void;
  onCancel(): void;
}

/**
 * The add / edit form (spec §2, §3, §5): MAC (six groups, cannot change once added), S/N, name
 * (at most 128), model, firmware version and site (those three required). The server's refusals
 * ('Duplicate device', ...) are shown by the api client.
 */
export function DeviceForm({ deviceId, initial, onSaved, onCancel }: DeviceFormProps) {
  const { language } = useSession();
  const [form] = Form.useForm<DeviceFormValues>();
  const [models, setModels] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const editing = deviceId !== undefined;

  useEffect(() => {
    let current = true;
    void fetchModels().then((names) => {
      if (current) setModels(names);
    });
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    form.setFieldsValue({ macAddress: '', ...initial });
  }, [form, initial]);

  const required = { required: true, message: translate('fieldRequired', language) };

  const submit = async (values: DeviceFormValues) => {
    const input: DeviceInput = {
      macAddress: macFromValue(values.macAddress) ?? '',
      serialNumber: values.serialNumber?.trim() ?? '',
      deviceName: values.deviceName?.trim() ?? '',
      deviceModel: values.deviceModel ?? '',
      firmwareVersion: values.firmwareVersion?.trim() ?? '',
      siteId: values.siteId ?? 0,
    };
    setSaving(true);
    try {
      if (editing) {
        const { macAddress: _unchanged, ...rest } = input;
        await updateDevice(deviceId, rest);
        onSaved(deviceId);
      } else {
        onSaved((await addDevice(input)).id);
      }
    } catch {
      // shown by the api client; the form keeps what was typed
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<DeviceFormValues>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '160px' }}
      style={{ maxWidth: 640 }}
      onFinish={submit}
      data-testid="device-form"
    >
      <Form.Item
        name="macAddress"
        label={deviceText('macAddress', language)}
        required
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              if (!value) throw new Error(translate('fieldRequired', language));
              if (!macFromValue(value)) throw new Error(translate('invalidMac', language));
            },
          },
        ]}
      >
        <MacInput disabled={editing} />
      </Form.Item>
      <Form.Item
        name="serialNumber"
        label={deviceText('serialNumber', language)}
        rules={[{ pattern: SERIAL_NUMBER, message: translate('invalidSerialNumber', language) }]}
      >
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item
        name="deviceName"
        label={deviceText('deviceName', language)}
        rules={[{ max: DEVICE_NAME_MAX, message: deviceText('nameTooLong', language) }]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="deviceModel" label={deviceText('deviceModel', language)} rules={[required]}>
        <Select
          showSearch
          placeholder={deviceText('chooseModel', language)}
          options={models.map((model) => ({ value: model, label: model }))}
        />
      </Form.Item>
      <Form.Item name="firmwareVersion" label={deviceText('firmwareVersion', language)} rules={[required]}>
        <Input maxLength={128} />
      </Form.Item>
      <Form.Item name="siteId" label={deviceText('site', language)} rules={[required]}>
        <SiteTreeSelect placeholder={deviceText('chooseSite', language)} />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {deviceText('save', language)}
          </Button>
          <Button onClick={onCancel}>{deviceText('cancel', language)}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
