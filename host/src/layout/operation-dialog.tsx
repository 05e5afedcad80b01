import type { Language, OperationStatusInfo } from '@phonefleet/sdk';
import {
  apiFirstRow,
  OPERATION_POLL_MS,
  OPERATION_RELOAD_MS,
  onOperationHeld,
  translate,
} from '@phonefleet/sdk/ui/core';
import { Alert, Button, Modal, Spin, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useConsole } from '../app/console-context.js';

const words = {
  'en-US': {
    tip: 'Tip',
    cancel: 'Cancel',
    upgradeNote: 'Do not operate the console during the upgrade; it restarts on the new version by itself.',
    backupDone: 'The backup is complete: {name}',
    restoreDone: 'The restore is complete',
    upgradeDone: 'The upgrade is complete: {name}',
    reloading: 'The page reloads in a moment.',
    step: 'Now: {step}',
  },
  'zh-CN': {
    tip: '提示',
    cancel: '取消',
    upgradeNote: '升级期间请勿操作控制台，升级完成后控制台会自动以新版本重启。',
    backupDone: '备份已完成：{name}',
    restoreDone: '恢复已完成',
    upgradeDone: '升级已完成：{name}',
    reloading: '页面即将刷新。',
    step: '当前：{step}',
  },
} as const;
type Word = keyof (typeof words)['en-US'];

function say(language: Language, key: Word, values: Record<string, string> = {}): string {
  return words[language][key].replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}

/** What the dialog says once the operation ended (spec §4: the cancel message, else the outcome). */
function endedText(status: OperationStatusInfo, language: Language): string {
  const last = status.last;
  if (!last) return translate('backupCancelled', language);
  if (last.outcome === 'cancelled') return translate('backupCancelled', language);
  if (last.outcome !== 'done') return last.message;
  if (last.status === 2) return say(language, 'restoreDone');
  return say(language, last.status === 3 ? 'upgradeDone' : 'backupDone', { name: last.message });
}

/** An upgrade (status 3, code 120000) adds the note not to operate meanwhile (spec §2). */
const isUpgrade = (status: OperationStatusInfo) => status.status === 3 || status.code === 120000;

const askStatus = () =>
  apiFirstRow<OperationStatusInfo>('GET', '/backup/status', { silent: true, loading: false });

/**
 * The backup/restore/upgrade status dialog (spec §2, §4, §8, §9; docs/backup.md "Contract for the UI
 * plugin and the host's dialog"): modal, blocks the console. Any call refused with 100000, 110000
 * or 120000, and a backup or restore this user started, open it with the status; while open it
 * asks `GET /backup/status` every 60 s. Cancel shows only when the status allows it. Once nothing
 * holds the console it says how the operation ended and reloads the page after 3 s. A refusal with
 * 80000 (a restore ended every session) signs out, which unmounts the signed-in shell and this.
 */
export default function OperationDialog() {
  const { language } = useConsole();
  const [status, setStatus] = useState<OperationStatusInfo | null>(null);
  const [ended, setEnded] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const endedRef = useRef(false);

  const follow = useCallback(
    (next: OperationStatusInfo) => {
      if (endedRef.current) return;
      if (next.status === 0) {
        endedRef.current = true;
        setEnded(endedText(next, language));
        setTimeout(() => window.location.reload(), OPERATION_RELOAD_MS);
        return;
      }
      setStatus(next);
    },
    [language],
  );

  useEffect(() => {
    onOperationHeld(follow);
    return () => onOperationHeld(undefined);
  }, [follow]);

  const open = status !== null;
  useEffect(() => {
    if (!open || ended !== null) return;
    const poll = setInterval(() => {
      askStatus()
        .then(follow)
        .catch(() => undefined);
    }, OPERATION_POLL_MS);
    return () => clearInterval(poll);
  }, [open, ended, follow]);

  const cancel = async () => {
    setCancelling(true);
    try {
      follow(await apiFirstRow<OperationStatusInfo>('POST', '/backup/cancel'));
      // The holder stops at its next heartbeat (2 s): look again then rather than a minute later.
      setTimeout(() => {
        askStatus()
          .then(follow)
          .catch(() => undefined);
      }, OPERATION_RELOAD_MS);
    } catch {
      // the api client has shown why ('The operation can no longer be cancelled')
    } finally {
      setCancelling(false);
    }
  };

  if (!status) return null;
  const showCancel = status.cancelShow && ended === null;
  return (
    <Modal
      open
      title={say(language, 'tip')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      zIndex={2000}
      wrapClassName="pf-operation-dialog"
      footer={
        showCancel ? (
          <Button data-testid="operation-cancel" loading={cancelling} onClick={() => void cancel()}>
            {say(language, 'cancel')}
          </Button>
        ) : null
      }
    >
      <div data-testid="operation-dialog-body" style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
        {ended === null && <Spin />}
        <div>
          <Typography.Paragraph strong data-testid="operation-message" style={{ marginBottom: 4 }}>
            {ended ?? status.message}
          </Typography.Paragraph>
          {ended === null && status.step && (
            <Typography.Text type="secondary">{say(language, 'step', { step: status.step })}</Typography.Text>
          )}
          {ended !== null && <Typography.Text type="secondary">{say(language, 'reloading')}</Typography.Text>}
        </div>
      </div>
      {ended === null && isUpgrade(status) && (
        <Alert
          type="warning"
          showIcon
          data-testid="operation-upgrade-note"
          style={{ marginTop: 16 }}
          message={say(language, 'upgradeNote')}
        />
      )}
    </Modal>
  );
}
