import { Alert, Input } from 'antd';
import type { ReactNode } from 'react';
import type { Language } from '../../envelope.js';
import { editorText } from './texts.js';

export interface TextViewProps {
  switchBar: ReactNode;
  /** `lines` (key = value, H2/H2P) or `settings`. */
  instructions: 'lines' | 'settings';
  text: string;
  language: Language;
  onTextChange(text: string): void;
}

/** The text editor: the pushed values in the model's file format, with how to write them. */
export function TextView({ switchBar, instructions, text, language, onTextChange }: TextViewProps) {
  return (
    <div data-testid="text-editor">
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>{switchBar}</div>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message={editorText(
          instructions === 'lines' ? 'textInstructionsLines' : 'textInstructionsSettings',
          language,
        )}
      />
      <Input.TextArea
        rows={10}
        value={text}
        spellCheck={false}
        aria-label={editorText('textEditor', language)}
        data-testid="text-area"
        style={{ fontFamily: 'monospace' }}
        onChange={(e) => onTextChange(e.target.value)}
      />
    </div>
  );
}
