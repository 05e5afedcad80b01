import { Alert, Input } from 'antd';
import type { ReactNode } from 'react';
import type { DriverText } from '../../driver-parameters.js';
import type { Language } from '../../envelope.js';
import { editorText } from './texts.js';

export interface TextViewProps {
  switchBar: ReactNode;
  /** How to write the format, as the model's driver declares it. */
  instructions: DriverText | undefined;
  text: string;
  language: Language;
  onTextChange(text: string): void;
}

/** The text editor: the pushed values in the model's file format, with how to write them. */
export function TextView({ switchBar, instructions, text, language, onTextChange }: TextViewProps) {
  return (
    <div data-testid="text-editor">
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>{switchBar}</div>
      {instructions ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="text-instructions"
          message={language === 'zh-CN' ? instructions['zh-CN'] : instructions.en}
        />
      ) : null}
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
