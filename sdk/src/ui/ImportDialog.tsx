import { Alert, Button, Modal, message, Space, Typography, Upload, type UploadFile } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DeviceImportProgress } from '../api/devices.js';
import { ErrorCode, type Language } from '../envelope.js';
import { apiDownload, apiRequest } from './api.js';
import { isApiError } from './api-error.js';
import { commonText } from './common-texts.js';
import { type FleetColumn, FleetTable, type FleetTableQuery } from './FleetTable.js';
import { kitText, textLookup } from './kit-texts.js';
import { currentLanguage } from './preferences.js';
import { useOptionalSession } from './session.js';

/** How long an import may take before the dialog gives up and resets (spec §9 "Import wait"). */
export const IMPORT_WAIT_MS = 60_000;
export const DEFAULT_IMPORT_TYPES: readonly string[] = ['.xlsx', '.xls'];
/** Default upload limit (spec §9: uploads 3 MB). */
export const DEFAULT_IMPORT_MAX_BYTES = 3 * 1024 * 1024;

export interface ImportDialogProps<Failed extends object> {
  open: boolean;
  title: string;
  /** API path the file is posted to as multipart field `file`, e.g. `/device/import`. */
  url: string;
  /** Accepted extensions with the dot (default `.xlsx`, `.xls`). */
  accept?: readonly string[];
  maxBytes?: number;
  /** API path of the Excel template (GET); shows a download link when given. */
  templateUrl?: string;
  /** Columns of the failed-row table (the rows the import answers with). */
  failedColumns: FleetColumn<Failed>[];
  /** Shows an export button above the failed rows when given. */
  onExportFailed?: (rows: Failed[]) => Promise<void> | void;
  onClose(): void;
  /** The import ran (some rows may have failed): the caller refreshes its list. */
  onImported(): void;
  /**
   * API path (GET, `importId` query) of the import's progress kept by the server: the upload then
   * carries an `importId`, the dialog shows rows read and stored while it runs, and an import still
   * running when the page was reloaded is followed again when the dialog opens (`pendingImport`).
   */
  progressUrl?: string;
}

/** How often a running import's progress is read. */
export const IMPORT_PROGRESS_MS = 1_000;
const pendingKey = (url: string) => `pf-import:${url}`;

/** The import to `url` this tab started and has not seen finish (it survives a reload), if any. */
export function pendingImport(url: string): string | undefined {
  try {
    return sessionStorage.getItem(pendingKey(url)) ?? undefined;
  } catch {
    return undefined;
  }
}

function rememberImport(url: string, importId: string | undefined): void {
  try {
    if (importId) sessionStorage.setItem(pendingKey(url), importId);
    else sessionStorage.removeItem(pendingKey(url));
  } catch {
    // no storage: a reload forgets the import, as before
  }
}

/** Why a chosen file is refused, or undefined when it may be uploaded (spec §5). */
export function refusedFile(
  file: { name: string; size: number },
  accept: readonly string[],
  maxBytes: number,
): 'type' | 'size' | undefined {
  const name = file.name.toLowerCase();
  if (!accept.some((extension) => name.endsWith(extension.toLowerCase()))) return 'type';
  if (file.size > maxBytes) return 'size';
  return undefined;
}

/**
 * The spec §8 upload tip for a chosen file that may not be uploaded ('Only .xlsx, .xls files can be
 * uploaded', 'The file cannot be larger than 3 MB'), or undefined when it may. The size tip names
 * `shownLimit` when given (the spec's own words for a limit, e.g. '200KB', or OpenVPN's '10MB' for
 * 5242880 bytes), otherwise `formatBytes(maxBytes)`.
 */
export function refusedFileTip(
  file: { name: string; size: number },
  accept: readonly string[],
  maxBytes: number,
  language: Language,
  shownLimit: string = formatBytes(maxBytes),
): string | undefined {
  const refusal = refusedFile(file, accept, maxBytes);
  if (refusal === 'type') return kitText('importTypeTip', language, { types: accept.join(', ') });
  if (refusal === 'size') return kitText('importSizeTip', language, { size: shownLimit });
  return undefined;
}

/** `3 MB`, `100 KB`, `1 GB` (binary units, two decimals at most). */
export function formatBytes(bytes: number): string {
  const gigabyte = 1024 * 1024 * 1024;
  if (bytes >= gigabyte) return `${Math.round((bytes / gigabyte) * 100) / 100} GB`;
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 100) / 100} MB`;
  return `${Math.round((bytes / 1024) * 100) / 100} KB`;
}

/** The one result summary of every import. */
const resultText = textLookup({
  importSummary: {
    en: 'Imported {imported}, refused {refused}',
    zh: '已导入 {imported} 项，拒绝 {refused} 项',
  },
  importRefusedCount: { en: 'Refused {refused}', zh: '拒绝 {refused} 项' },
  importPartly: { en: 'Partly imported', zh: '部分导入' },
  importNothing: { en: 'Nothing was imported', zh: '未导入任何内容' },
  importProgress: {
    en: 'Rows read: {read}. Rows stored: {stored}.',
    zh: '已读取 {read} 行，已保存 {stored} 行。',
  },
  importInterrupted: {
    en: 'The import stopped before it finished: nothing was imported',
    zh: '导入在完成前中断：未导入任何内容',
  },
});

/** all imported: success; some refused: warning; none imported: error. */
export type ImportOutcomeKind = 'success' | 'warning' | 'error';

/**
 * What an import reply says: `rows` are the refused rows (or files), `totalRows` how many were read
 * (each read one is imported or refused once); without `totalRows` the imported count is unknown.
 */
export function importOutcome(
  refused: number,
  totalRows: number | undefined,
): { kind: ImportOutcomeKind; imported: number | undefined; refused: number } {
  const imported = totalRows === undefined ? undefined : Math.max(0, totalRows - refused);
  const kind = refused === 0 ? 'success' : imported === 0 ? 'error' : 'warning';
  return { kind, imported, refused };
}

interface Outcome<Failed> {
  kind: ImportOutcomeKind;
  /** "Imported N, refused M" (or "Refused M" when the reply has no count). */
  summary: string;
  rows: Failed[];
  /** New outcome, new table (back to page 1). */
  version: number;
}

/**
 * The shared import dialog (spec §2, §4, §5, §7): choose one Excel file (the latest choice replaces
 * the previous one; wrong type or size is refused with a tip), upload it as multipart field `file`,
 * wait up to 60 s, then either report success and close, or list the rows the server refused with
 * its message. Closing, an error or the time limit reset it.
 */
export function ImportDialog<Failed extends object>(props: ImportDialogProps<Failed>) {
  const {
    open,
    title,
    url,
    accept = DEFAULT_IMPORT_TYPES,
    maxBytes = DEFAULT_IMPORT_MAX_BYTES,
    templateUrl,
    failedColumns,
    onExportFailed,
    onClose,
    onImported,
    progressUrl,
  } = props;
  const language = useOptionalSession()?.language ?? currentLanguage();
  const [messages, messageHolder] = message.useMessage();
  const [file, setFile] = useState<File | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome<Failed> | null>(null);
  const [exporting, setExporting] = useState(false);
  const upload = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<DeviceImportProgress | null>(null);
  const polling = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  const stopPolling = useCallback(() => {
    clearInterval(polling.current);
    polling.current = undefined;
    setProgress(null);
  }, []);

  const reset = useCallback(() => {
    upload.current?.abort();
    upload.current = null;
    stopPolling();
    setFile(null);
    setWaiting(false);
    setOutcome(null);
  }, [stopPolling]);

  useEffect(() => {
    if (!open) reset();
  }, [open, reset]);
  useEffect(
    () => () => {
      upload.current?.abort();
      clearInterval(polling.current);
    },
    [],
  );

  /** Reads the import's progress every second; `onEnd` gets it once the server finished it. */
  const follow = useCallback(
    (importId: string, onEnd?: (ended: DeviceImportProgress | null) => void) => {
      if (!progressUrl) return;
      clearInterval(polling.current);
      const read = () =>
        apiRequest<DeviceImportProgress>('GET', progressUrl, {
          query: { importId },
          silent: true,
          loading: false,
        })
          .then((reply) => {
            const current = reply.result.rows[0];
            if (!current) return;
            setProgress(current);
            if (
              onEnd &&
              current.state !== 'reading' &&
              current.state !== 'checking' &&
              current.state !== 'storing'
            ) {
              clearInterval(polling.current);
              onEnd(current);
            }
          })
          .catch((error: unknown) => {
            // While uploading: not started yet, the upload's answer decides. Followed after a
            // reload: an import the server no longer has (or another user's) is forgotten.
            if (onEnd && isApiError(error) && error.code === ErrorCode.notFound) {
              clearInterval(polling.current);
              onEnd(null);
            }
          });
      polling.current = setInterval(read, IMPORT_PROGRESS_MS);
      void read();
    },
    [progressUrl],
  );

  const types = accept.join(', ');
  const size = formatBytes(maxBytes);

  const choose = (chosen: File) => {
    const tip = refusedFileTip(chosen, accept, maxBytes, language);
    if (tip) {
      void messages.warning({ content: tip, key: 'pf-import-refused' });
      return Upload.LIST_IGNORE;
    }
    setFile(chosen);
    setOutcome(null);
    return false;
  };

  const start = async () => {
    if (!file) return;
    const controller = new AbortController();
    upload.current = controller;
    setWaiting(true);
    const form = new FormData();
    if (progressUrl) {
      const importId = crypto.randomUUID();
      form.append('importId', importId);
      rememberImport(url, importId);
      follow(importId);
    }
    form.append('file', file);
    try {
      const reply = await apiRequest<Failed>('POST', url, {
        body: form,
        timeoutMs: IMPORT_WAIT_MS,
        signal: controller.signal,
      });
      if (controller.signal.aborted) return;
      upload.current = null;
      show(reply.result.rows, reply.result.totalRows);
    } catch {
      // The api client has shown the error (or the 60 s timeout); back to idle.
      if (!controller.signal.aborted) reset();
    } finally {
      if (progressUrl && !controller.signal.aborted) rememberImport(url, undefined);
    }
  };

  /** The import's answer: success closes the dialog, refused rows are listed. */
  const show = (rows: Failed[], totalRows: number | undefined) => {
    stopPolling();
    onImported();
    const { kind, imported, refused } = importOutcome(rows.length, totalRows);
    const summary =
      imported === undefined
        ? resultText('importRefusedCount', language, { refused })
        : resultText('importSummary', language, { imported, refused });
    if (kind !== 'success') {
      setFile(null);
      setWaiting(false);
      setOutcome((previous) => ({ kind, summary, rows, version: (previous?.version ?? 0) + 1 }));
    } else {
      void messages.success({
        content: <span data-testid="import-summary">{summary}</span>,
      });
      reset();
      onClose();
    }
  };

  // Opened after a reload while this tab's import ran: follow it to its end and show its answer.
  const showRef = useRef(show);
  showRef.current = show;
  useEffect(() => {
    if (!open || !progressUrl || upload.current) return;
    const importId = pendingImport(url);
    if (!importId) return;
    setWaiting(true);
    follow(importId, (ended) => {
      rememberImport(url, undefined);
      if (ended === null) {
        setWaiting(false);
        stopPolling();
      } else if (ended.state === 'finished') showRef.current(ended.failed as Failed[], ended.read);
      else {
        void messages.error(ended.message ?? resultText('importInterrupted', language));
        setWaiting(false);
        stopPolling();
      }
    });
  }, [open, progressUrl, url, follow, messages, language, stopPolling]);

  const exportFailed = async () => {
    if (!outcome || !onExportFailed) return;
    setExporting(true);
    try {
      await onExportFailed(outcome.rows);
    } catch {
      // shown by the api client
    } finally {
      setExporting(false);
    }
  };

  const close = () => {
    reset();
    onClose();
  };

  const fileList: UploadFile[] = file
    ? [{ uid: 'chosen', name: file.name, status: 'done', size: file.size }]
    : [];
  const failedRows = outcome?.rows;
  const requestFailed = useCallback(
    async ({ currentPage, pageSize }: FleetTableQuery) => {
      const rows = failedRows ?? [];
      return { rows: rows.slice((currentPage - 1) * pageSize, currentPage * pageSize), total: rows.length };
    },
    [failedRows],
  );
  const failedKey = useMemo(() => {
    const keys = new Map<Failed, string>();
    for (const [index, row] of (failedRows ?? []).entries()) keys.set(row, String(index));
    return (row: Failed) => keys.get(row) ?? '';
  }, [failedRows]);

  // The holder stays outside the modal: its content is destroyed on close, and the success notice
  // is shown as the dialog closes.
  return (
    <>
      {messageHolder}
      <Modal
        open={open}
        title={title}
        width={outcome ? 960 : 850}
        onCancel={close}
        maskClosable={false}
        destroyOnHidden
        footer={
          <Space>
            <Button onClick={close}>{commonText('close', language)}</Button>
            <Button
              type="primary"
              disabled={!file}
              loading={waiting}
              onClick={start}
              data-testid="import-upload"
            >
              {kitText('importUpload', language)}
            </Button>
          </Space>
        }
      >
        <div data-testid="import-dialog">
          <Upload.Dragger
            accept={accept.join(',')}
            multiple={false}
            maxCount={1}
            disabled={waiting}
            fileList={fileList}
            beforeUpload={choose}
            onRemove={() => setFile(null)}
          >
            <p>{kitText('importChoose', language)}</p>
            <Typography.Text type="secondary">
              {kitText('importHint', language, { types, size })}
            </Typography.Text>
          </Upload.Dragger>
          {templateUrl ? (
            <Button
              type="link"
              style={{ paddingInline: 0 }}
              onClick={() => void apiDownload('GET', templateUrl, `${title}.xlsx`).catch(() => undefined)}
            >
              {kitText('importTemplate', language)}
            </Button>
          ) : null}
          {waiting ? (
            <Alert
              type="info"
              showIcon
              message={kitText('importWaiting', language)}
              description={
                progress ? (
                  <span data-testid="import-progress" data-read={progress.read} data-stored={progress.stored}>
                    {resultText('importProgress', language, {
                      read: progress.read.toLocaleString(),
                      stored: progress.stored.toLocaleString(),
                    })}
                  </span>
                ) : undefined
              }
            />
          ) : null}
          {outcome ? (
            <div data-testid="import-failed" style={{ marginTop: 16 }}>
              <Alert
                type={outcome.kind}
                showIcon
                message={resultText(outcome.kind === 'error' ? 'importNothing' : 'importPartly', language)}
                description={<span data-testid="import-counts">{outcome.summary}</span>}
                style={{ marginBottom: 12 }}
                data-testid="import-summary"
                data-outcome={outcome.kind}
              />
              <FleetTable<Failed>
                tableId={`import-failed:${url}`}
                columns={failedColumns}
                request={requestFailed}
                params={{ version: outcome.version }}
                rowKey={failedKey}
                toolbar={
                  <>
                    <Typography.Text strong>{kitText('importFailedRows', language)}</Typography.Text>
                    {onExportFailed ? (
                      <Button onClick={exportFailed} loading={exporting}>
                        {kitText('importExportFailed', language)}
                      </Button>
                    ) : null}
                  </>
                }
              />
            </div>
          ) : null}
        </div>
      </Modal>
    </>
  );
}
