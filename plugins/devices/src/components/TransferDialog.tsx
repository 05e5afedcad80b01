import { SiteTreeSelect, useSession } from '@phonefleet/sdk/ui';
import { Form, Modal } from 'antd';
import { useState } from 'react';
import { transferDevices } from '../api.js';
import { deviceText } from '../texts.js';

export interface TransferDialogProps {
  open: boolean;
  ids: number[];
  onClose(): void;
  /** The server's message after a successful transfer. */
  onTransferred(message: string): void;
}

/**
 * Moves the selected devices to another site (`POST /device/siteAssign`). A refusal (a device with
 * a SIP account cannot change site until unbound) is the server's message; the dialog stays open.
 */
export function TransferDialog({ open, ids, onClose, onTransferred }: TransferDialogProps) {
  const { language } = useSession();
  const [siteId, setSiteId] = useState<number | undefined>();
  const [saving, setSaving] = useState(false);

  const confirm = async () => {
    if (siteId === undefined) return;
    setSaving(true);
    try {
      onTransferred(await transferDevices(ids, siteId));
      setSiteId(undefined);
    } catch {
      // shown by the api client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={deviceText('transfer', language)}
      okText={deviceText('ok', language)}
      cancelText={deviceText('cancel', language)}
      okButtonProps={{ disabled: siteId === undefined, loading: saving }}
      onOk={confirm}
      onCancel={() => {
        setSiteId(undefined);
        onClose();
      }}
      destroyOnHidden
    >
      <Form layout="vertical" data-testid="transfer-dialog">
        <Form.Item label={deviceText('site', language)} required>
          <SiteTreeSelect
            value={siteId}
            onChange={setSiteId}
            placeholder={deviceText('chooseSite', language)}
            style={{ width: '100%' }}
            data-testid="transfer-site"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
