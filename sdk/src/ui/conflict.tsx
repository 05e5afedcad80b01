import { Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import type { BindingConflict } from '../api/sip.js';
import { ErrorCode, type Language } from '../envelope.js';
import { showApiError } from './api.js';
import { isApiError } from './api-error.js';
import { useTexts } from './common-texts.js';
import { kitText } from './kit-texts.js';
import { useLanguage } from './session.js';

/** A confirmation names at most this many conflicts, then how many more there are. */
export const CONFLICTS_SHOWN = 10;

/** What a conflict confirmation says: its title, one line per conflict, then the question. */
export interface ConflictQuestion<Conflict> {
  title: string;
  line(conflict: Conflict): string;
  question: string;
  /** On the confirmation's content. */
  testId?: string;
}

/**
 * The conflicts a refusal lists: code 40900 (`ErrorCode.conflict`) with a JSON list in
 * `messageExt`. Null for any other error.
 */
export function conflictsOf<Conflict>(error: unknown): Conflict[] | null {
  if (!isApiError(error) || error.code !== ErrorCode.conflict || !error.messageExt) return null;
  try {
    const parsed: unknown = JSON.parse(error.messageExt);
    return Array.isArray(parsed) ? (parsed as Conflict[]) : null;
  } catch {
    return null;
  }
}

export interface ConflictRetry {
  /**
   * Render once, outside any form that is disabled while saving (a confirmation rendered inside
   * it would have disabled buttons).
   */
  holder: ReactNode;
  /**
   * Runs `call(false)`; when it is refused with a list of conflicts, asks, and on OK runs
   * `call(true)`. Resolves whether the call went through: false when the question was declined or
   * the server refused (the refusal is shown as the server words it, so `call` should be silent).
   * Errors that are not the server's refusals are rethrown.
   */
  run(call: (force: boolean) => Promise<unknown>): Promise<boolean>;
  /** From `run` until it resolves, the question included (a dialog's OK shows it as loading). */
  running: boolean;
}

/**
 * A call the server may refuse because it conflicts with existing data, and that may be forced
 * (spec §8 "duplicate account binding"): the refusal's conflicts are put to the user, and OK sends
 * the call again with `force`.
 */
export function useConflictRetry<Conflict>(question: ConflictQuestion<Conflict>): ConflictRetry {
  const t = useTexts();
  const language = useLanguage();
  const [modal, holder] = Modal.useModal();
  const [running, setRunning] = useState(false);
  const ask = (conflicts: Conflict[]) =>
    new Promise<boolean>((resolve) => {
      const more = conflicts.length - CONFLICTS_SHOWN;
      const paragraph = (text: string, key: number | string) => (
        <p key={key} style={{ margin: 0 }}>
          {text}
        </p>
      );
      modal.confirm({
        title: question.title,
        content: (
          <div data-testid={question.testId}>
            {conflicts
              .slice(0, CONFLICTS_SHOWN)
              .map((conflict, index) => paragraph(question.line(conflict), index))}
            {more > 0 ? paragraph(kitText('conflictsMore', language, { count: more }), 'more') : null}
            {paragraph(question.question, 'question')}
          </div>
        ),
        okText: t('ok'),
        cancelText: t('cancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
  const refused = (error: unknown): false => {
    if (!isApiError(error)) throw error;
    showApiError(error);
    return false;
  };
  const attempt = async (call: (force: boolean) => Promise<unknown>) => {
    try {
      await call(false);
      return true;
    } catch (error) {
      const conflicts = conflictsOf<Conflict>(error);
      if (!conflicts) return refused(error);
      if (!(await ask(conflicts))) return false;
      return call(true).then(() => true, refused);
    }
  };
  const run = async (call: (force: boolean) => Promise<unknown>) => {
    setRunning(true);
    try {
      return await attempt(call);
    } finally {
      setRunning(false);
    }
  };
  return { holder, run, running };
}

/** Spec §8 "duplicate account binding": "‹user› is bound to ‹MAC› line ‹n›. … Bind it here instead?" */
export function duplicateBindingQuestion(language: Language): ConflictQuestion<BindingConflict> {
  return {
    title: kitText('duplicateBindingTitle', language),
    line: (conflict) =>
      kitText('duplicateBindingLine', language, {
        user: conflict.userName,
        mac: conflict.macAddress,
        line: conflict.line,
      }),
    question: kitText('duplicateBindingQuestion', language),
    testId: 'binding-conflict',
  };
}
