import { useEditedRecord, useTexts } from '@phonefleet/sdk/ui';
import { Card, Result, Spin } from 'antd';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { queryDevice } from '../api.js';
import { DeviceForm, type DeviceFormValues } from '../components/DeviceForm.js';
import { deviceText } from '../texts.js';

/** `/device/addDevice` and `/device/editDevice?id=` (the edit screen loads the device first). */
export function DeviceEditPage({ basePath, editing }: { basePath: string; editing: boolean }) {
  const t = useTexts(deviceText);
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const id = Number(query.get('id'));
  const validId = Number.isInteger(id) && id > 0;
  // Failures have been shown by the api client.
  const device = useEditedRecord(editing && validId ? id : undefined, queryDevice);
  const initial = useMemo<Partial<DeviceFormValues> | undefined>(
    () =>
      device
        ? {
            macAddress: device.macAddress,
            serialNumber: device.serialNumber ?? '',
            deviceName: device.deviceName,
            deviceModel: device.deviceModel,
            firmwareVersion: device.firmwareVersion,
            siteId: device.siteId,
          }
        : editing
          ? undefined
          : {},
    [device, editing],
  );

  if (editing && !validId) return <Result status="warning" title={t('missingId')} />;
  const back = () => navigate(basePath);
  return (
    <Card title={t(editing ? 'editDevice' : 'addDevice')}>
      {editing && device === null ? (
        <Result status="warning" title={t('loadFailed')} />
      ) : initial === undefined ? (
        <Spin />
      ) : (
        <DeviceForm
          deviceId={editing ? id : undefined}
          initial={initial}
          onSaved={back}
          onCancel={back}
          guard
        />
      )}
    </Card>
  );
}
