import type { Language } from '@phonefleet/sdk';
import {
  formatBytes,
  kitText,
  RESOURCE_RULES,
  type ResourceType,
  refusedFile,
  useLanguage,
  useTexts,
} from '@phonefleet/sdk/ui';
import { Button, message, Typography, Upload, type UploadFile } from 'antd';
import { resourceText } from '../texts.js';

/**
 * The spec §8 tip for a file the type does not take, or undefined when it does. The kit's
 * `refusedFileTip` words the limit from the bytes; a resource type shows the spec's own limit
 * (`shownLimit`: OpenVPN says 10MB and refuses above 5242880 bytes).
 */
export function refusedResourceTip(
  file: { name: string; size: number },
  type: ResourceType,
  language: Language,
): string | undefined {
  const rule = RESOURCE_RULES[type];
  const refusal = refusedFile(file, rule.extensions, rule.maxBytes);
  if (refusal === 'type') return kitText('importTypeTip', language, { types: rule.extensions.join(', ') });
  if (refusal === 'size') return kitText('importSizeTip', language, { size: rule.shownLimit });
  return undefined;
}

export interface ResourceFileFieldProps {
  /** The type whose extensions and size the file must have. */
  type: ResourceType;
  /** The chosen file (a form field's value). */
  value?: File | undefined;
  onChange?: (file: File | undefined) => void;
  disabled?: boolean;
  /** On an edit whose type is unchanged: the file the resource keeps unless another is chosen. */
  current?: { fileName: string; size: number } | undefined;
}

/**
 * A resource's file: one file, its type and size checked against the resource type before anything
 * is sent (spec §5, §8 upload tips); a later choice replaces the earlier one.
 */
export function ResourceFileField({ type, value, onChange, disabled, current }: ResourceFileFieldProps) {
  const t = useTexts(resourceText);
  const language = useLanguage();
  const [messages, messageHolder] = message.useMessage();
  const rule = RESOURCE_RULES[type];

  const choose = (chosen: File) => {
    const tip = refusedResourceTip(chosen, type, language);
    if (tip) {
      void messages.warning({ content: tip, key: 'pf-resource-file-refused' });
      return Upload.LIST_IGNORE;
    }
    onChange?.(chosen);
    return false;
  };
  const fileList: UploadFile[] = value
    ? [{ uid: 'chosen', name: value.name, status: 'done', size: value.size }]
    : [];

  return (
    <div data-testid="resource-file">
      {messageHolder}
      <Upload
        accept={rule.extensions.join(',')}
        multiple={false}
        maxCount={1}
        disabled={disabled}
        fileList={fileList}
        beforeUpload={choose}
        onRemove={() => onChange?.(undefined)}
      >
        <Button disabled={disabled}>{t('chooseFile')}</Button>
      </Upload>
      <Typography.Text
        type="secondary"
        style={{ display: 'block', marginTop: 4 }}
        data-testid="resource-file-hint"
      >
        {kitText('importHint', language, { types: rule.extensions.join(', '), size: rule.shownLimit })}
      </Typography.Text>
      {current && !value ? (
        <Typography.Text data-testid="resource-keep-file" style={{ display: 'block', marginTop: 4 }}>
          {t('keepFile', { name: current.fileName, size: formatBytes(current.size) })}
        </Typography.Text>
      ) : null}
    </div>
  );
}
