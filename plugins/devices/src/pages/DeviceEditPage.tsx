import { useSession } from '@phonefleet/sdk/ui';
import { Card, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { queryDevice } from '../api.js';
import { DeviceForm, type DeviceFormValues } from '../components/DeviceForm.js';
import { deviceText } from '../texts.js';

/** `/device/addDevice` and `/device/editDevice?id=` (the edit screen loads the device first). */
export function DeviceEditPage({ basePath, editing }: { basePath: string; editing: boolean }) {
  const { language } = useSession();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const id = Number(query.get('id'));
  const validId = Number.isInteger(id) && id > 0;
  const [failed, setFailed] = useState(false);
  const [initial, setInitial] = useState<Partial<DeviceFormValues> | null>(editing ? null : {});

  useEffect(() => {
    if (!editing || !validId) return;
    let current = true;
    queryDevice(id)
      .then((device) => {
        if (!current) return;
        setInitial({
          macAddress: device.macAddress,
          serialNumber: device.serialNumber ?? '',
          deviceName: device.deviceName,
          deviceModel: device.deviceModel,
          firmwareVersion: device.firmwareVersion,
          siteId: device.siteId,
        });
      })
      .catch(() => {
        if (current) setFailed(true); // the api client has shown why
      });
    return () => {
      current = false;
    };
  }, [editing, validId, id]);

  if (editing && !validId) return <Result status="warning" title={deviceText('missingId', language)} />;
  const back = () => navigate(basePath);
  return (
    <Card title={deviceText(editing ? 'editDevice' : 'addDevice', language)}>
      {failed ? (
        <Result status="warning" title={deviceText('loadFailed', language)} />
      ) : initial === null ? (
        <Spin />
      ) : (
        <DeviceForm deviceId={editing ? id : undefined} initial={initial} onSaved={back} onCancel={back} />
      )}
    </Card>
  );
}
