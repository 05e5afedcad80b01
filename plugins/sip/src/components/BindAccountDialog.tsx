import type { SipAccountRow } from '@phonefleet/sdk';
import {
  DevicePicker,
  duplicateBindingQuestion,
  MAX_LINES,
  useConflictRetry,
  useLanguage,
  useTexts,
} from '@phonefleet/sdk/ui';
import { Alert, Form, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { assignAccount } from '../api.js';
import { sipText } from '../texts.js';

export interface BindAccountDialogProps {
  /** The account to bind; the dialog is open while there is one. */
  account: SipAccountRow | null;
  onClose(): void;
  onBound(): void;
}

/**
 * Binds one account to a line of one device (`POST /device/accountAssignOne`): the device is picked
 * from the kit's device picker (one at a time: a new pick replaces the previous one), the line is
 * 1..20 (a model holding fewer lines is refused by the server with its message). An account bound
 * elsewhere asks the spec's "duplicate account binding" question before it moves.
 */
export function BindAccountDialog({ account, onClose, onBound }: BindAccountDialogProps) {
  const t = useTexts(sipText);
  const conflicts = useConflictRetry(duplicateBindingQuestion(useLanguage()));
  const [deviceId, setDeviceId] = useState<number>();
  const [line, setLine] = useState<number | null>(1);
  const [missing, setMissing] = useState(false);

  const close = () => {
    setDeviceId(undefined);
    setLine(1);
    setMissing(false);
    onClose();
  };

  const bind = async () => {
    if (!account) return;
    if (deviceId === undefined || line === null) {
      setMissing(true);
      return;
    }
    const bound = await conflicts.run((force) =>
      assignAccount({ deviceId, line, accountId: account.id }, force),
    );
    if (bound) {
      close();
      onBound();
    }
  };

  return (
    <>
      {conflicts.holder}
      <Modal
        open={account !== null}
        title={account ? t('bindTitle', { user: account.userName }) : ''}
        width={960}
        destroyOnHidden
        okText={t('bind')}
        cancelText={t('cancel')}
        okButtonProps={{ loading: conflicts.running }}
        onOk={() => void bind()}
        onCancel={close}
      >
        <div data-testid="bind-dialog">
          {account?.binding ? (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              message={t('currentlyBound', { mac: account.binding.macAddress, line: account.binding.line })}
            />
          ) : null}
          <Form layout="inline" style={{ marginBottom: 12 }}>
            <Form.Item label={t('line')} required>
              <InputNumber
                min={1}
                max={MAX_LINES}
                precision={0}
                value={line}
                onChange={(value) => setLine(value)}
                data-testid="bind-line"
              />
            </Form.Item>
          </Form>
          {missing && deviceId === undefined ? (
            <Alert type="error" showIcon style={{ marginBottom: 12 }} message={t('chooseDevice')} />
          ) : null}
          <DevicePicker
            tableId="sip-bind-devices"
            siteId={account?.siteId}
            value={deviceId === undefined ? [] : [deviceId]}
            onChange={(ids) => setDeviceId(ids.find((id) => id !== deviceId) ?? ids[0])}
            testIds={{ root: 'bind-devices', keywords: 'bind-device-search' }}
          />
        </div>
      </Modal>
    </>
  );
}
