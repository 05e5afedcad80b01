import { Space, Switch, Tag, Typography } from 'antd';
import type { Language } from '../../envelope.js';
import { editorText } from './texts.js';

export interface ViewSwitchBarProps {
  /** Push record: Pushed / Not pushed when given. */
  pushed: boolean | undefined;
  textEditingNote: boolean | undefined;
  /** Whether the text editor is offered (the model allows it and there is a codec). */
  textEditing: boolean;
  inTextView: boolean;
  busy: boolean;
  language: Language;
  onSwitch(toText: boolean): void;
}

/** Above either view: the push record, the no-text-editing note, and the GUI ⇄ text switch. */
export function ViewSwitchBar({
  pushed,
  textEditingNote,
  textEditing,
  inTextView,
  busy,
  language,
  onSwitch,
}: ViewSwitchBarProps) {
  return (
    <Space>
      {pushed !== undefined ? (
        <Tag color={pushed ? 'green' : 'orange'} data-testid="push-record">
          {editorText(pushed ? 'pushed' : 'notPushed', language)}
        </Tag>
      ) : null}
      {textEditingNote ? (
        <Typography.Text type="secondary" data-testid="text-editing-note">
          {editorText('noTextEditing', language)}
        </Typography.Text>
      ) : null}
      {textEditing ? (
        <Space size={4}>
          <Typography.Text>{editorText('textEditor', language)}</Typography.Text>
          <Switch
            data-testid="text-switch"
            aria-label={editorText('textEditor', language)}
            checked={inTextView}
            disabled={busy}
            onChange={onSwitch}
          />
        </Space>
      ) : null}
    </Space>
  );
}
