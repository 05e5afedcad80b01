import { Button, Space } from 'antd';
import type { Language } from '../../envelope.js';
import { editorText } from './texts.js';

export interface EditorActionsProps {
  /** Select all, unselect all and reset are GUI actions. */
  inGui: boolean;
  busy: boolean;
  pushDisabled: boolean;
  language: Language;
  onSelectAll(push: boolean): void;
  onReset(): void;
  onCancel(): void;
  onSave(): void;
  onSaveAndUpdate(): void;
}

/** The buttons under the editor: push flags on the left, cancel and the saves on the right. */
export function EditorActions({
  inGui,
  busy,
  pushDisabled,
  language,
  onSelectAll,
  onReset,
  onCancel,
  onSave,
  onSaveAndUpdate,
}: EditorActionsProps) {
  return (
    <div
      style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16, gap: 8, flexWrap: 'wrap' }}
      data-testid="editor-actions"
    >
      <Space>
        {inGui ? (
          <>
            <Button onClick={() => onSelectAll(true)}>{editorText('selectAll', language)}</Button>
            <Button onClick={() => onSelectAll(false)}>{editorText('unselectAll', language)}</Button>
            <Button onClick={onReset}>{editorText('reset', language)}</Button>
          </>
        ) : null}
      </Space>
      <Space>
        <Button onClick={onCancel} disabled={busy}>
          {editorText('cancel', language)}
        </Button>
        <Button onClick={onSave} loading={busy}>
          {editorText('saveOnly', language)}
        </Button>
        <Button type="primary" onClick={onSaveAndUpdate} loading={busy} disabled={pushDisabled}>
          {editorText('saveAndUpdate', language)}
        </Button>
      </Space>
    </div>
  );
}
