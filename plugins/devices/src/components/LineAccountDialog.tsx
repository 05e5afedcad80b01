import { duplicateBindingQuestion, useConflictRetry, useLanguage, useTexts } from '@phonefleet/sdk/ui';
import { Alert, Modal } from 'antd';
import { useState } from 'react';
import { type AccountOption, assignOne, fetchAccountOptions } from '../lines-api.js';
import { deviceText } from '../texts.js';
import { type Choice, SearchSelect } from './SearchSelect.js';

export interface LineAccountDialogProps {
  deviceId: number;
  /** The line to bind; the dialog is open while there is one. */
  line: number | null;
  onClose(): void;
  onBound(): void;
}

/**
 * Binds an account to one line of the device: the account is searched among those usable on it
 * (`GET /device/listAccount`); one bound elsewhere says where, and binding it asks the spec's
 * "duplicate account binding" question before it moves.
 */
export function LineAccountDialog({ deviceId, line, onClose, onBound }: LineAccountDialogProps) {
  const t = useTexts(deviceText);
  const conflicts = useConflictRetry(duplicateBindingQuestion(useLanguage()));
  const [account, setAccount] = useState<Choice[]>([]);
  const [missing, setMissing] = useState(false);

  const close = () => {
    setAccount([]);
    setMissing(false);
    onClose();
  };
  const describe = (option: AccountOption): Choice => {
    const name = option.labelName ? `${option.labelName} (${option.userName})` : option.userName;
    const where = option.bound
      ? ` · ${t('boundTo', { mac: option.bound.macAddress, line: option.bound.line })}`
      : '';
    return { value: option.id, label: `${name} · ${option.serverName}${where}` };
  };

  const bind = async () => {
    const accountId = account[0]?.value;
    if (line === null) return;
    if (accountId === undefined) return setMissing(true);
    if (await conflicts.run((force) => assignOne({ deviceId, line, accountId }, force))) {
      close();
      onBound();
    }
  };

  return (
    <>
      {conflicts.holder}
      <Modal
        open={line !== null}
        title={t('bindLineTitle', { line: line ?? '' })}
        destroyOnHidden
        okText={t('bind')}
        cancelText={t('cancel')}
        okButtonProps={{ loading: conflicts.running }}
        onOk={() => void bind()}
        onCancel={close}
      >
        <SearchSelect
          single
          data-testid="line-account"
          placeholder={t('accountKeywords')}
          search={async (keywords) => (await fetchAccountOptions(deviceId, keywords)).map(describe)}
          value={account}
          onChange={(chosen) => {
            setAccount(chosen);
            setMissing(false);
          }}
        />
        {missing ? (
          <Alert type="error" showIcon style={{ marginTop: 12 }} message={t('chooseAccount')} />
        ) : null}
      </Modal>
    </>
  );
}
