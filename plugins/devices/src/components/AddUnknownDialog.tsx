import { SiteTreeSelect, useTexts } from '@phonefleet/sdk/ui';
import { Alert, Form, Input, Modal, Select, Table } from 'antd';
import { useEffect, useState } from 'react';
import { addUnknownDevices, fetchModels, type RefusedUnknownDevice } from '../api.js';
import { deviceText } from '../texts.js';

export interface AddUnknownDialogProps {
  /** The unknown devices (list row ids) to add; the dialog is open while there are any. */
  ids: number[];
  onClose(): void;
  /** Some were added: the server's summary; the list reloads. */
  onAdded(summary: string): void;
}

/**
 * "Add as device" for one unknown device or the selection: a site (required), and a model and
 * firmware for all of them, left empty to take what each phone reported (docs/devices-ui.md
 * "Unknown devices"). The ones the server refuses stay listed here with its reason.
 */
export function AddUnknownDialog({ ids, onClose, onAdded }: AddUnknownDialogProps) {
  const t = useTexts(deviceText);
  const [siteId, setSiteId] = useState<number | undefined>();
  const [model, setModel] = useState<string | undefined>();
  const [firmware, setFirmware] = useState('');
  const [models, setModels] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [refused, setRefused] = useState<RefusedUnknownDevice[]>([]);
  const open = ids.length > 0;

  useEffect(() => {
    if (!open) return;
    let current = true;
    void fetchModels().then((names) => {
      if (current) setModels(names);
    });
    return () => {
      current = false;
    };
  }, [open]);

  const close = () => {
    setSiteId(undefined);
    setModel(undefined);
    setFirmware('');
    setRefused([]);
    onClose();
  };

  const confirm = async () => {
    if (siteId === undefined) return;
    setSaving(true);
    try {
      const reply = await addUnknownDevices({
        ids,
        siteId,
        ...(model ? { deviceModel: model } : {}),
        ...(firmware.trim() ? { firmwareVersion: firmware.trim() } : {}),
      });
      const summary = t('unknownAdded', {
        added: reply.named - reply.refused.length,
        refused: reply.refused.length,
      });
      if (reply.refused.length < reply.named) onAdded(summary);
      if (reply.refused.length === 0) close();
      else setRefused(reply.refused);
    } catch {
      // shown by the api client; the dialog stays
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('addUnknownTitle', { count: ids.length })}
      okText={t('ok')}
      cancelText={t('cancel')}
      okButtonProps={{
        disabled: siteId === undefined || refused.length > 0,
        loading: saving,
        ...{ 'data-testid': 'add-unknown-ok' },
      }}
      onOk={confirm}
      onCancel={close}
      width={refused.length ? 760 : 520}
      destroyOnHidden
    >
      <Form layout="vertical" data-testid="add-unknown-dialog">
        <Form.Item label={t('site')} required>
          <SiteTreeSelect
            value={siteId}
            onChange={setSiteId}
            placeholder={t('chooseSite')}
            style={{ width: '100%' }}
            data-testid="add-unknown-site"
          />
        </Form.Item>
        <Form.Item label={t('deviceModel')} extra={t('asReportedHint')}>
          <Select
            allowClear
            showSearch
            value={model}
            onChange={(value: string | undefined) => setModel(value)}
            placeholder={t('asReported')}
            options={models.map((name) => ({ value: name, label: name }))}
            data-testid="add-unknown-model"
          />
        </Form.Item>
        <Form.Item label={t('firmwareVersion')}>
          <Input
            value={firmware}
            maxLength={128}
            onChange={(event) => setFirmware(event.target.value)}
            placeholder={t('asReported')}
            data-testid="add-unknown-firmware"
          />
        </Form.Item>
      </Form>
      {refused.length ? (
        <div data-testid="add-unknown-refused">
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            message={t('unknownAdded', { added: ids.length - refused.length, refused: refused.length })}
          />
          <Table<RefusedUnknownDevice>
            size="small"
            rowKey={(row) => `${row.macAddress}:${row.message}`}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            dataSource={refused}
            columns={[
              { key: 'mac', title: t('macAddressTitle'), dataIndex: 'macAddress' },
              { key: 'model', title: t('deviceModel'), dataIndex: 'deviceModel' },
              { key: 'firmware', title: t('firmwareVersion'), dataIndex: 'firmwareVersion' },
              { key: 'message', title: t('reason'), dataIndex: 'message' },
            ]}
          />
        </div>
      ) : null}
    </Modal>
  );
}
