import { Button, Modal, Result, Spin } from 'antd';
import { Fragment, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTexts } from '../common-texts.js';
import { kitText } from '../kit-texts.js';
import { useLanguage } from '../session.js';
import { useLeaveGuard } from '../use-leave-guard.js';
import { preloadParameterEditor } from './lazy-editor.js';

export interface ParameterScreen<Data> {
  /** What the screen loaded; undefined while loading or after a failure. */
  data: Data | undefined;
  /**
   * The spinner while loading, the failure with Retry, then `editor(data)` (mounted afresh on each
   * load, so a retry starts from what the server holds).
   */
  content(editor: (data: Data) => ReactNode): ReactNode;
  /** For the editor's `onDirtyChange`: leaving with unsaved changes asks first. */
  onDirtyChange(dirty: boolean): void;
  /** Lets the screen's own navigation (after a save, Cancel) through the leave guard. */
  release(): void;
  /** Render once (the leave question). */
  holder: ReactNode;
}

interface Loaded<Data> {
  data: Data;
  attempt: number;
}

/**
 * The frame of a screen that edits one relation's parameters: loads with `load` (again when `key`
 * changes or on Retry; nothing while `key` is null, e.g. the page address names no relation),
 * preloads the editor meanwhile, and asks "Unsaved configuration" before leaving with changes
 * (spec §8).
 */
export function useParameterScreen<Data>(
  key: string | null,
  load: () => Promise<Data>,
): ParameterScreen<Data> {
  const language = useLanguage();
  const t = useTexts();
  const [modal, holder] = Modal.useModal();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded<Data> | null>(null);
  const [failed, setFailed] = useState(false);
  const [dirty, setDirty] = useState(false);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    if (key === null) return;
    let current = true;
    setFailed(false);
    setLoaded(null);
    void preloadParameterEditor();
    loadRef.current().then(
      (data) => current && setLoaded({ data, attempt }),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);

  const guard = useLeaveGuard(dirty, (leave, stay) =>
    modal.confirm({
      title: kitText('unsavedConfigTitle', language),
      content: kitText('unsavedConfigLeave', language),
      okText: t('leave'),
      cancelText: t('stay'),
      onOk: leave,
      onCancel: stay,
    }),
  );

  const content = (editor: (data: Data) => ReactNode): ReactNode => {
    if (failed) {
      return (
        <Result
          status="error"
          title={kitText('parametersLoadFailed', language)}
          extra={
            <Button type="primary" onClick={() => setAttempt((n) => n + 1)}>
              {kitText('retry', language)}
            </Button>
          }
        />
      );
    }
    if (!loaded) {
      return (
        <div style={{ padding: 64, textAlign: 'center' }} data-testid="parameters-loading">
          <Spin size="large" />
        </div>
      );
    }
    return <Fragment key={loaded.attempt}>{editor(loaded.data)}</Fragment>;
  };

  return {
    data: loaded?.data,
    content,
    onDirtyChange: setDirty,
    release: guard.release,
    holder,
  };
}
