import type { BindingConflict } from '@phonefleet/sdk';
import { ErrorCode, isApiError, useTexts } from '@phonefleet/sdk/ui';
import { Modal, message } from 'antd';
import type { ReactNode } from 'react';
import { deviceText } from './texts.js';

// The same flow as the SIP plugin's binding-conflict.tsx (plugins cannot share code but through the kit).

/** A confirmation names at most this many conflicts, then how many more there are. */
const CONFLICTS_SHOWN = 10;

/** The accounts a refused assignment names as bound elsewhere (code 40900, `messageExt` a JSON list). */
export function bindingConflicts(error: unknown): BindingConflict[] | null {
  if (!isApiError(error) || error.code !== ErrorCode.conflict || !error.messageExt) return null;
  try {
    const parsed: unknown = JSON.parse(error.messageExt);
    return Array.isArray(parsed) ? (parsed as BindingConflict[]) : null;
  } catch {
    return null;
  }
}

/**
 * Binding with the spec §8 "duplicate account binding" question: `send(false)` first; when the
 * server answers that an account is bound elsewhere, the user is asked ("‹user› is bound to ‹MAC›
 * line ‹n›. Bind it here instead?") and OK sends again with `force`. Other refusals are shown as the
 * server said them. `assign` resolves whether the binding was made; render `holder` once.
 */
export function useConflictAwareAssign(): {
  holder: ReactNode;
  assign(send: (force: boolean) => Promise<void>): Promise<boolean>;
} {
  const t = useTexts(deviceText);
  const [modal, holder] = Modal.useModal();
  const ask = (conflicts: BindingConflict[]) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: t('conflictTitle'),
        content: (
          <div data-testid="binding-conflict">
            {conflicts.slice(0, CONFLICTS_SHOWN).map((conflict) => (
              <p key={`${conflict.accountId}-${conflict.macAddress}-${conflict.line}`} style={{ margin: 0 }}>
                {t('conflictLine', {
                  user: conflict.userName,
                  mac: conflict.macAddress,
                  line: conflict.line,
                })}
              </p>
            ))}
            {conflicts.length > CONFLICTS_SHOWN ? (
              <p style={{ margin: 0 }}>{t('conflictMore', { count: conflicts.length - CONFLICTS_SHOWN })}</p>
            ) : null}
            <p style={{ margin: 0 }}>{t('conflictQuestion')}</p>
          </div>
        ),
        okText: t('ok'),
        cancelText: t('cancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
  const shown = (error: unknown) => {
    if (isApiError(error)) void message.error({ content: error.message, key: `pf-api-${error.code}` });
    return false;
  };
  const assign = async (send: (force: boolean) => Promise<void>) => {
    try {
      await send(false);
      return true;
    } catch (error) {
      const conflicts = bindingConflicts(error);
      if (!conflicts) return shown(error);
      if (!(await ask(conflicts))) return false;
      return send(true).then(() => true, shown);
    }
  };
  return { holder, assign };
}
