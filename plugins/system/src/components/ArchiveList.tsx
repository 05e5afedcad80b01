import type { BackupContent, BackupRow } from '@phonefleet/sdk';
import {
  deleteAction,
  FileField,
  type FleetColumn,
  formatBytes,
  formatDateTime,
  ListPage,
  translate,
  useLanguage,
  useSession,
  useTexts,
  useUploadProgress,
} from '@phonefleet/sdk/ui';
import { Modal } from 'antd';
import { useMemo, useState } from 'react';
import { downloadArchive, recover, removeArchives, searchArchives, uploadArchive } from '../api.js';
import { type SystemTextKey, systemText } from '../texts.js';

const CONTENT_LABEL: Record<BackupContent, SystemTextKey> = {
  configuration: 'contentConfiguration',
  devices: 'contentDevices',
  firmware: 'contentFirmware',
  logs: 'contentLogs',
};

/** An uploaded archive may be as large as a database gets (the platform's limit). */
const ARCHIVE_MAX_BYTES = 1024 ** 4;

/** Picks a `.tar.gz` and uploads it with its progress; the list reloads once it is listed. */
function UploadArchiveDialog({
  open,
  onClose,
  onUploaded,
}: {
  open: boolean;
  onClose(): void;
  onUploaded(name: string): void;
}) {
  const t = useTexts(systemText);
  const language = useLanguage();
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const upload = useUploadProgress('backup-upload-progress');
  const close = () => {
    setFile(null);
    setMissing(false);
    onClose();
  };
  const send = async () => {
    if (!file) {
      setMissing(true);
      return;
    }
    setBusy(true);
    try {
      const archive = await upload.track(true, (onProgress) => uploadArchive(file, onProgress));
      close();
      onUploaded(archive.fileName);
    } catch {
      // the api client has shown why (a damaged or foreign file)
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('uploadArchive')}
      onCancel={close}
      onOk={() => void send()}
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'backup-upload-ok' }}
    >
      <p>{t('uploadHint')}</p>
      <FileField
        accept={['.gz']}
        maxBytes={ARCHIVE_MAX_BYTES}
        value={file}
        onChange={(chosen) => {
          setFile(chosen);
          setMissing(false);
        }}
        testId="backup-upload-file"
      />
      {missing ? (
        <div className="ant-form-item-explain-error" data-testid="backup-upload-missing">
          {translate('uploadMissing', language)}
        </div>
      ) : null}
      {upload.bar}
    </Modal>
  );
}

/**
 * The archives (spec §2 /backup, §3 Backup): file name, backup time, content, location, size,
 * newest first. Download (local and uploaded ones), Recover (asked first, spec §8; the host's
 * dialog takes over), Delete; Upload a backup lists an archive of another console.
 */
export function ArchiveList() {
  const t = useTexts(systemText);
  const language = useLanguage();
  const { zoneOffset } = useSession();
  const [uploading, setUploading] = useState(false);

  const columns = useMemo<FleetColumn<BackupRow>[]>(
    () => [
      { key: 'fileName', title: t('fileName'), dataIndex: 'fileName' },
      {
        key: 'backupTime',
        title: t('backupTime'),
        dataIndex: 'backupTime',
        render: (value: string) => formatDateTime(value, zoneOffset),
      },
      {
        key: 'content',
        title: t('content'),
        dataIndex: 'content',
        render: (value: BackupContent[]) => value.map((part) => t(CONTENT_LABEL[part])).join(', '),
      },
      {
        key: 'location',
        title: t('location'),
        dataIndex: 'location',
        render: (value: string, row: BackupRow) =>
          row.destination === 'remote'
            ? value
            : t(row.destination === 'upload' ? 'locationUpload' : 'locationLocal'),
      },
      { key: 'size', title: t('size'), dataIndex: 'size', render: (value: number) => formatBytes(value) },
      { key: 'consoleVersion', title: t('consoleVersion'), dataIndex: 'consoleVersion', defaultHidden: true },
    ],
    [t, zoneOffset],
  );
  const remove = deleteAction({
    run: removeArchives,
    confirm: { content: (count) => t('deleteArchivesContent', { count }) },
  });

  return (
    <ListPage<BackupRow>
      power="backup"
      tableId="backup-archives"
      testId="backup-archive-list"
      title={t('archives')}
      columns={columns}
      request={searchArchives}
      toolbar={[
        {
          key: 'upload',
          label: t('uploadArchive'),
          button: 'recover',
          testId: 'backup-upload',
          onClick: () => setUploading(true),
        },
        remove,
      ]}
      rowActions={(archive) => [
        ...(archive.destination === 'remote'
          ? []
          : [
              {
                key: 'download',
                label: t('download'),
                onClick: () => void downloadArchive(archive).catch(() => undefined),
              },
            ]),
        {
          key: 'recover',
          label: t('recover'),
          button: 'recover',
          confirm: {
            title: t('recoverTitle'),
            content: () => t('recoverContent', { name: archive.fileName }),
          },
          doneText: translate('recovering', language),
          run: () => recover(archive.id),
        },
        remove,
      ]}
    >
      {(list) => (
        <UploadArchiveDialog
          open={uploading}
          onClose={() => setUploading(false)}
          onUploaded={(name) => list.report(t('uploaded', { name }))}
        />
      )}
    </ListPage>
  );
}
