import { Space, Switch, Tag, Typography } from 'antd';
import type { DriverText } from '../../driver-parameters.js';
import type { Language } from '../../envelope.js';
import { editorText } from './texts.js';

export interface ViewSwitchBarProps {
  /** Push record: Pushed / Not pushed when given. */
  pushed: boolean | undefined;
  /** Why some models offer no text editor, as their drivers say it. */
  textEditingNotes: readonly DriverText[] | undefined;
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
  textEditingNotes,
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
      {textEditingNotes?.map((note) => (
        <Typography.Text key={note.en} type="secondary" data-testid="text-editing-note">
          {language === 'zh-CN' ? note['zh-CN'] : note.en}
        </Typography.Text>
      ))}
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
