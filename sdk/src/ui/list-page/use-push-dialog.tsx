import { message } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { useTexts } from '../common-texts.js';
import { type ExecutionMode, ExecutionModeDialog } from '../ExecutionModeDialog.js';
import { useLanguage } from '../session.js';
import { TASK_NOTICE_SECONDS } from './actions.js';

export interface PushDialog<Target> {
  /** Asks for the execution mode, then pushes `target`. */
  ask(target: Target): void;
  /** Render it once on the page. */
  dialog: ReactNode;
}

/**
 * Push of a model template, group or site: the execution-mode dialog (immediate or scheduled),
 * then "The task has been created" for 6 s (spec §9). Failures were shown by the api client.
 */
export function usePushDialog<Target>(
  push: (target: Target, mode: ExecutionMode) => Promise<unknown>,
): PushDialog<Target> {
  const language = useLanguage();
  const t = useTexts();
  const [messages, messageHolder] = message.useMessage();
  const [open, setOpen] = useState(false);
  const target = useRef<{ value: Target } | null>(null);
  return {
    ask: (value) => {
      target.current = { value };
      setOpen(true);
    },
    dialog: (
      <>
        {messageHolder}
        <ExecutionModeDialog
          open={open}
          language={language}
          onCancel={() => setOpen(false)}
          onOk={(mode) => {
            setOpen(false);
            const chosen = target.current;
            if (!chosen) return;
            push(chosen.value, mode)
              .then(() => messages.success({ content: t('taskCreated'), duration: TASK_NOTICE_SECONDS }))
              .catch(() => undefined);
          }}
        />
      </>
    ),
  };
}
