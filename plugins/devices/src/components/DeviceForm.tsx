import {
  FormShell,
  SiteTreeSelect,
  translate,
  useFieldRules,
  useFormShell,
  useSession,
} from '@phonefleet/sdk/ui';
import { Button, Form, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { addDevice, type DeviceInput, fetchModels, updateDevice } from '../api.js';
import { macFromValue } from '../mac.js';
import { deviceText } from '../texts.js';
import { MacInput } from './MacInput.js';

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
  /** Ask before leaving with unsaved changes (the add and edit screens; not inside a dialog). */
  guard?: boolean;
}

/**
 * The add / edit form (spec §2, §3, §5): MAC (six groups, cannot change once added), S/N, name
 * (at most 128), model, firmware version and site (those three required). The server's refusals
 * ('Duplicate device', ...) are shown on the field they concern.
 */
export function DeviceForm({ deviceId, initial, onSaved, onCancel, guard = false }: DeviceFormProps) {
  const { language } = useSession();
  const [form] = Form.useForm<DeviceFormValues>();
  const shell = useFormShell({
    form,
    cancelTo: onCancel,
    guard,
    fieldErrors: {
      duplicateDevice: 'macAddress',
      invalidMac: 'macAddress',
      invalidSerialNumber: 'serialNumber',
      unknownModel: 'deviceModel',
    },
  });
  const [models, setModels] = useState<string[]>([]);
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

  const rules = useFieldRules();

  const save = () =>
    shell.submit(async (values) => {
      const input: DeviceInput = {
        macAddress: macFromValue(values.macAddress) ?? '',
        serialNumber: values.serialNumber?.trim() ?? '',
        deviceName: values.deviceName?.trim() ?? '',
        deviceModel: values.deviceModel ?? '',
        firmwareVersion: values.firmwareVersion?.trim() ?? '',
        siteId: values.siteId ?? 0,
      };
      if (editing) {
        const { macAddress: _unchanged, ...rest } = input;
        await updateDevice(deviceId, rest);
        onSaved(deviceId);
      } else {
        onSaved((await addDevice(input)).id);
      }
    });

  return (
    <FormShell
      shell={shell}
      card={false}
      testId="device-form"
      width={640}
      formProps={{ layout: 'horizontal', labelCol: { flex: '160px' }, onFinish: save }}
      buttons={
        <Button type="primary" htmlType="submit" loading={shell.saving}>
          {deviceText('save', language)}
        </Button>
      }
    >
      <Form.Item
        name="macAddress"
        label={deviceText('macAddressTitle', language)}
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
      <Form.Item name="deviceName" label={deviceText('deviceNameTitle', language)} rules={[rules.length128]}>
        <Input />
      </Form.Item>
      <Form.Item name="deviceModel" label={deviceText('deviceModel', language)} rules={[rules.required]}>
        <Select
          showSearch
          placeholder={deviceText('chooseModel', language)}
          options={models.map((model) => ({ value: model, label: model }))}
        />
      </Form.Item>
      <Form.Item
        name="firmwareVersion"
        label={deviceText('firmwareVersion', language)}
        rules={[rules.required]}
      >
        <Input maxLength={128} />
      </Form.Item>
      <Form.Item name="siteId" label={deviceText('site', language)} rules={[rules.required]}>
        <SiteTreeSelect placeholder={deviceText('chooseSite', language)} />
      </Form.Item>
    </FormShell>
  );
}
