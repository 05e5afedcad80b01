import type { FirmwareRow } from '@phonefleet/sdk';
import {
  createdColumn,
  deleteAction,
  type FleetColumn,
  formatBytes,
  ListPage,
  useSession,
  useTexts,
} from '@phonefleet/sdk/ui';
import { Select, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_SORT, type FirmwareFilters, removeFirmware, searchFirmware } from '../api.js';
import { NotificationsDialog } from '../components/NotificationsDialog.js';
import { UpgradeDialog } from '../components/UpgradeDialog.js';
import { editPath, type FirmwareList, LIST_POWER, uploadPath } from '../links.js';
import { firmwareText } from '../texts.js';
import { useFirmwareModels } from '../use-firmware-models.js';

const LONG_TEXT = { maxWidth: 240 } as const;

/**
 * /firmware (the caller's customer firmware) and /adminFirmware (the official list), spec §2, §3:
 * name, version, models, image name and size, description, created; keywords and model filters;
 * sorted by version (numerically, by the server) or creation; Upload, Edit, Upgrade (devices to
 * this firmware, a type 3 task) and Delete, each shown only with its button of the entry's power.
 */
export function FirmwareListPage({ list }: { list: FirmwareList }) {
  const { zoneOffset } = useSession();
  const t = useTexts(firmwareText);
  const navigate = useNavigate();
  const models = useFirmwareModels();
  const official = list === 'official';
  // The firmware of the upgrade dialog, kept while it closes (its notice outlives it).
  const [upgrading, setUpgrading] = useState<{ firmware: FirmwareRow; open: boolean } | null>(null);
  const [notifications, setNotifications] = useState(false);

  const columns = useMemo<FleetColumn<FirmwareRow>[]>(
    () => [
      {
        key: 'firmwareName',
        title: t('firmwareName'),
        dataIndex: 'firmwareName',
        sorter: true,
        ...LONG_TEXT,
      },
      { key: 'firmwareVersion', title: t('firmwareVersion'), dataIndex: 'firmwareVersion', sorter: true },
      {
        key: 'supportModel',
        title: t('supportModel'),
        dataIndex: 'supportModel',
        render: (value: string[]) => (
          <Space size={[0, 4]} wrap>
            {value.map((model) => (
              <Tag key={model}>{model}</Tag>
            ))}
          </Space>
        ),
      },
      { key: 'fileName', title: t('fileName'), dataIndex: 'fileName', ...LONG_TEXT },
      { key: 'size', title: t('size'), dataIndex: 'size', render: (value: number) => formatBytes(value) },
      { key: 'description', title: t('description'), dataIndex: 'description', ...LONG_TEXT },
      createdColumn(t('created'), zoneOffset),
    ],
    [t, zoneOffset],
  );
  const remove = deleteAction({
    run: (ids) => removeFirmware(ids, official),
    confirm: { title: t('deleteTitle'), content: (count) => t('deleteContent', { count }) },
  });

  return (
    <ListPage<FirmwareRow, FirmwareFilters>
      power={LIST_POWER[list]}
      tableId={official ? 'firmware-official' : 'firmware-customer'}
      testId="firmware-list"
      title={official ? t('officialList') : t('customerList')}
      columns={columns}
      request={(query, filters) => searchFirmware(official, query, filters)}
      defaultSort={DEFAULT_SORT}
      keywords={{ placeholder: t('keywords'), testId: 'firmware-search', width: 240 }}
      moreFilters={(set) => (
        <Select<string>
          allowClear
          showSearch
          placeholder={t('allModels')}
          style={{ width: 180 }}
          options={models.map((option) => ({ value: option.model, label: option.model }))}
          onChange={(model) => set({ model })}
          data-testid="firmware-model-filter"
        />
      )}
      toolbar={[
        {
          key: 'upload',
          label: t('upload'),
          button: 'upload',
          primary: true,
          testId: 'firmware-upload',
          onClick: () => navigate(uploadPath(list)),
        },
        remove,
        {
          key: 'notifications',
          label: t('notifications'),
          testId: 'firmware-notifications',
          onClick: () => setNotifications(true),
        },
      ]}
      rowActions={(firmware) => [
        { key: 'edit', button: 'edit', onClick: () => navigate(editPath(list, firmware.id)) },
        {
          key: 'upgrade',
          label: t('upgrade'),
          button: 'upgrade',
          testId: 'firmware-upgrade',
          onClick: () => setUpgrading({ firmware, open: true }),
        },
        remove,
      ]}
    >
      <UpgradeDialog
        firmware={upgrading?.firmware ?? null}
        open={upgrading?.open === true}
        onClose={() => setUpgrading((current) => current && { ...current, open: false })}
      />
      <NotificationsDialog open={notifications} models={models} onClose={() => setNotifications(false)} />
    </ListPage>
  );
}
