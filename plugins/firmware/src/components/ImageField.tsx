import {
  FIRMWARE_EXTENSIONS,
  FIRMWARE_MAX_BYTES,
  formatBytes,
  kitText,
  refusedFileTip,
  useLanguage,
  useTexts,
} from '@phonefleet/sdk/ui';
import { Button, message, Typography, Upload, type UploadFile } from 'antd';
import { firmwareText } from '../texts.js';

export interface ImageFieldProps {
  /** The chosen image (a form field's value). */
  value?: File | undefined;
  onChange?: (file: File | undefined) => void;
  disabled?: boolean;
  /** On an edit: the image the firmware keeps unless another is chosen. */
  current?: { fileName: string; size: number } | undefined;
}

/**
 * The firmware image: one file, its type and size checked before anything is sent (spec §8 upload
 * tips, as the kit's ImportDialog refuses files); a later choice replaces the earlier one.
 */
export function ImageField({ value, onChange, disabled, current }: ImageFieldProps) {
  const t = useTexts(firmwareText);
  const language = useLanguage();
  const [messages, messageHolder] = message.useMessage();
  const types = FIRMWARE_EXTENSIONS.join(', ');
  const size = formatBytes(FIRMWARE_MAX_BYTES);

  const choose = (chosen: File) => {
    const tip = refusedFileTip(chosen, FIRMWARE_EXTENSIONS, FIRMWARE_MAX_BYTES, language);
    if (tip) {
      void messages.warning({ content: tip, key: 'pf-firmware-file-refused' });
      return Upload.LIST_IGNORE;
    }
    onChange?.(chosen);
    return false;
  };
  const fileList: UploadFile[] = value
    ? [{ uid: 'chosen', name: value.name, status: 'done', size: value.size }]
    : [];

  return (
    <div data-testid="firmware-file">
      {messageHolder}
      <Upload
        accept={FIRMWARE_EXTENSIONS.join(',')}
        multiple={false}
        maxCount={1}
        disabled={disabled}
        fileList={fileList}
        beforeUpload={choose}
        onRemove={() => onChange?.(undefined)}
      >
        <Button disabled={disabled}>{t('chooseFile')}</Button>
      </Upload>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
        {kitText('importHint', language, { types, size })}
      </Typography.Text>
      {current && !value ? (
        <Typography.Text data-testid="firmware-keep-image" style={{ display: 'block', marginTop: 4 }}>
          {t('keepImage', { name: current.fileName, size: formatBytes(current.size) })}
        </Typography.Text>
      ) : null}
    </div>
  );
}
