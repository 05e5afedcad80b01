import { Button, message, Typography, Upload, type UploadFile } from 'antd';
import type { ReactNode } from 'react';
import { formatBytes, refusedFileTip } from '../ImportDialog.js';
import { kitText } from '../kit-texts.js';
import { useLanguage } from '../session.js';

/** The file an edited record already has (its name and size in bytes). */
export interface CurrentFile {
  fileName: string;
  size: number;
}

export interface FileFieldProps {
  /** Accepted extensions with the dot (`.rom`, `.wav`). */
  accept: readonly string[];
  /** The largest file taken, in bytes. */
  maxBytes: number;
  /**
   * The limit as the tip and the hint name it (the spec's '200KB'; OpenVPN's '10MB' for 5242880
   * bytes); `formatBytes(maxBytes)` when not given.
   */
  shownLimit?: string;
  /** The chosen file (a form field's value; empty until one is chosen). */
  value?: File | null | undefined;
  /** A file was chosen, or removed (null). */
  onChange?: (file: File | null) => void;
  disabled?: boolean;
  /** On an edit: the file the record keeps unless another is chosen ("Keep the current file (name, size)"). */
  current?: CurrentFile | undefined;
  /** The keep-current line in the area's words (default: the kit's "Keep the current file ({name}, {size})"). */
  keepText?: (file: { name: string; size: string }) => ReactNode;
  /** The field's `data-testid` (it holds the file input). */
  testId: string;
  /** The `data-testid` of the "Supported: …, up to …" hint, when a test reads it. */
  hintTestId?: string;
  /** The `data-testid` of the keep-current line. */
  keepTestId?: string;
}

const lineStyle = { display: 'block', marginTop: 4 } as const;

/**
 * One file inside a form (a firmware image, a resource's file): its extension and size are checked
 * when it is chosen, before anything is sent, and a refused one is dropped with the spec §8 tip
 * ('Only .wav files can be uploaded', 'The file cannot be larger than 200KB'), as the kit's
 * ImportDialog refuses files. A later choice replaces the earlier one; a hint names the types and
 * the limit; on an edit, while no file is chosen, a line says which file is kept.
 */
export function FileField({
  accept,
  maxBytes,
  shownLimit = formatBytes(maxBytes),
  value,
  onChange,
  disabled,
  current,
  keepText,
  testId,
  hintTestId,
  keepTestId,
}: FileFieldProps) {
  const language = useLanguage();
  const [messages, messageHolder] = message.useMessage();

  const choose = (chosen: File) => {
    const tip = refusedFileTip(chosen, accept, maxBytes, language, shownLimit);
    if (tip) {
      void messages.warning({ content: tip, key: `pf-file-refused:${testId}` });
      return Upload.LIST_IGNORE;
    }
    onChange?.(chosen);
    return false;
  };
  const fileList: UploadFile[] = value
    ? [{ uid: 'chosen', name: value.name, status: 'done', size: value.size }]
    : [];
  const kept = current ? { name: current.fileName, size: formatBytes(current.size) } : undefined;

  return (
    <div data-testid={testId}>
      {messageHolder}
      <Upload
        accept={accept.join(',')}
        multiple={false}
        maxCount={1}
        disabled={disabled}
        fileList={fileList}
        beforeUpload={choose}
        onRemove={() => onChange?.(null)}
      >
        <Button disabled={disabled}>{kitText('fileChoose', language)}</Button>
      </Upload>
      <Typography.Text type="secondary" style={lineStyle} data-testid={hintTestId}>
        {kitText('importHint', language, { types: accept.join(', '), size: shownLimit })}
      </Typography.Text>
      {kept && !value ? (
        <Typography.Text data-testid={keepTestId} style={lineStyle}>
          {keepText ? keepText(kept) : kitText('fileKeep', language, kept)}
        </Typography.Text>
      ) : null}
    </div>
  );
}
