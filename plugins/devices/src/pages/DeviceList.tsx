import type { Language } from '@phonefleet/sdk';
import {
  type FleetColumn,
  FleetTable,
  type FleetTableActions,
  type FleetTableQuery,
  formatDateTime,
  ImportDialog,
  SiteTreeSelect,
  useSession,
} from '@phonefleet/sdk/ui';
import { Button, Input, Modal, message, Select, Space } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  DEFAULT_DEVICE_SORT,
  type DeviceFilters,
  type DeviceRow,
  deviceCommand,
  exportDevices,
  exportFailedRows,
  type FailedImportRow,
  fetchModels,
  removeDevices,
  searchDevices,
  setPush,
} from '../api.js';
import { AccountStatus, DeviceStatus } from '../components/status.js';
import { TransferDialog } from '../components/TransferDialog.js';
import { type DeviceTextKey, deviceText } from '../texts.js';

export const POWER = 'deviceManagement';

/** Where Set parameters goes (the parameters plugin reads relationId, deviceModel and pushStatus). */
export function setParamPath(device: Pick<DeviceRow, 'id' | 'deviceModel' | 'pushEnabled'>): string {
  const query = new URLSearchParams({
    relationName: 'device',
    relationId: String(device.id),
    deviceModel: device.deviceModel,
    pushStatus: device.pushEnabled ? '1' : '0',
  });
  return `/device/setParam?${query.toString()}`;
}

/** The spec §8 warning shown before configuring a disabled, offline or abnormal device. */
export function setParamWarning(
  device: Pick<DeviceRow, 'status' | 'pushEnabled'>,
): { title: DeviceTextKey; content: DeviceTextKey } | undefined {
  if (!device.pushEnabled) return { title: 'deviceDisabled', content: 'banned' };
  if (device.status === 0) return { title: 'deviceOffline', content: 'pushLater' };
  if (device.status === 2) return { title: 'deviceAbnormal', content: 'pushLater' };
  return undefined;
}

function failedColumns(language: Language): FleetColumn<FailedImportRow>[] {
  const column = (key: keyof FailedImportRow, title: DeviceTextKey): FleetColumn<FailedImportRow> => ({
    key,
    title: deviceText(title, language),
    dataIndex: key,
  });
  return [
    column('row', 'row'),
    column('macAddress', 'macAddress'),
    column('deviceName', 'deviceName'),
    column('deviceModel', 'deviceModel'),
    column('firmwareVersion', 'firmwareVersion'),
    column('site', 'site'),
    column('serialNumber', 'serialNumber'),
    column('message', 'reason'),
  ];
}

/**
 * The device list (spec §2 Devices): search by keywords, model and site; server-side paging and
 * sorting (MAC ascending by default); toolbar actions on the selected devices, each shown only
 * when the session holds its button (the server checks again).
 */
export function DeviceList({ basePath }: { basePath: string }) {
  const { language, zoneOffset, hasButton, siteFilter } = useSession();
  const t = useCallback(
    (key: DeviceTextKey, values?: Record<string, string | number>) => deviceText(key, language, values),
    [language],
  );
  const can = (button: string) => hasButton(POWER, button);
  const navigate = useNavigate();
  const [messages, messageHolder] = message.useMessage();
  const [modal, modalHolder] = Modal.useModal();
  const table = useRef<FleetTableActions>(null);

  const [keywordsInput, setKeywordsInput] = useState('');
  // The sidebar's site filter tree chooses the list's site; the list's own site filter refines it.
  const [filters, setFilters] = useState<DeviceFilters>(() => (siteFilter ? { site: siteFilter } : {}));
  useEffect(() => setFilters((f) => ({ ...f, site: siteFilter ?? undefined })), [siteFilter]);
  const [models, setModels] = useState<string[]>([]);
  const [selected, setSelected] = useState<number[]>([]);
  const [importing, setImporting] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const [busy, setBusy] = useState(false);
  const sortRef = useRef<{ sortField: string; sortOrder: 'asc' | 'desc' }>({
    sortField: DEFAULT_DEVICE_SORT.field,
    sortOrder: DEFAULT_DEVICE_SORT.order,
  });

  useEffect(() => {
    let current = true;
    void fetchModels().then((names) => {
      if (current) setModels(names);
    });
    return () => {
      current = false;
    };
  }, []);

  const request = useCallback(
    (query: FleetTableQuery) => {
      const sortField = query.sortField ?? DEFAULT_DEVICE_SORT.field;
      const sortOrder = query.sortOrder ?? DEFAULT_DEVICE_SORT.order;
      sortRef.current = { sortField, sortOrder };
      return searchDevices({
        ...filters,
        currentPage: query.currentPage,
        pageSize: query.pageSize,
        sortField,
        sortOrder,
      });
    },
    [filters],
  );

  const done = (text: string) => {
    void messages.success(text || t('done'));
    setSelected([]);
    table.current?.reload();
  };

  /** Runs a batch action on the selection after an optional confirmation. */
  const onSelection = (
    action: (ids: number[]) => Promise<string>,
    confirm?: { title: string; content: string },
  ) => {
    const ids = [...selected];
    const run = async () => {
      setBusy(true);
      try {
        done(await action(ids));
      } catch {
        // shown by the api client
      } finally {
        setBusy(false);
      }
    };
    if (!confirm) return void run();
    modal.confirm({
      title: confirm.title,
      content: confirm.content,
      okText: t('ok'),
      cancelText: t('cancel'),
      onOk: run,
    });
  };

  const openSetParam = useCallback(
    (device: DeviceRow) => {
      const go = () => navigate(setParamPath(device));
      const warning = setParamWarning(device);
      if (!warning) return go();
      modal.confirm({
        title: t(warning.title),
        content: t(warning.content),
        okText: t('continue'),
        cancelText: t('cancel'),
        onOk: go,
      });
    },
    [navigate, modal, t],
  );

  const columns = useMemo<FleetColumn<DeviceRow>[]>(
    () => [
      { key: 'macAddress', title: t('macAddress'), dataIndex: 'macAddress', sorter: true, fixed: 'left' },
      { key: 'serialNumber', title: t('serialNumber'), dataIndex: 'serialNumber' },
      { key: 'deviceName', title: t('deviceName'), dataIndex: 'deviceName', sorter: true },
      { key: 'deviceModel', title: t('deviceModel'), dataIndex: 'deviceModel', sorter: true },
      { key: 'firmwareVersion', title: t('firmwareVersion'), dataIndex: 'firmwareVersion' },
      { key: 'siteName', title: t('site'), dataIndex: 'siteName' },
      {
        key: 'status',
        title: t('status'),
        dataIndex: 'status',
        sorter: true,
        render: (_: unknown, row: DeviceRow) => (
          <DeviceStatus status={row.status} pushEnabled={row.pushEnabled} language={language} />
        ),
      },
      {
        key: 'accountStatus',
        title: t('accountStatus'),
        dataIndex: 'accountStatus',
        render: (value: number) => <AccountStatus status={value} language={language} />,
      },
      { key: 'ip', title: t('ip'), dataIndex: 'ip' },
      {
        key: 'lastFetchTime',
        title: t('lastFetchTime'),
        dataIndex: 'lastFetchTime',
        render: (value: string | null) => formatDateTime(value, zoneOffset),
      },
      {
        key: 'createTime',
        title: t('createTime'),
        dataIndex: 'createTime',
        sorter: true,
        render: (value: string) => formatDateTime(value, zoneOffset),
      },
      {
        key: 'actions',
        title: t('actions'),
        fixed: 'right',
        render: (_: unknown, row: DeviceRow) => (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              onClick={() => navigate(`${basePath}/deviceDetailInfo?id=${row.id}`)}
            >
              {t('details')}
            </Button>
            {hasButton(POWER, 'edit') ? (
              <Button
                type="link"
                size="small"
                onClick={() => navigate(`${basePath}/editDevice?id=${row.id}`)}
              >
                {t('edit')}
              </Button>
            ) : null}
            {hasButton(POWER, 'setParam') ? (
              <Button type="link" size="small" onClick={() => openSetParam(row)}>
                {t('setParam')}
              </Button>
            ) : null}
          </Space>
        ),
      },
    ],
    [t, language, zoneOffset, hasButton, navigate, basePath, openSetParam],
  );

  const importColumns = useMemo(() => failedColumns(language), [language]);
  const none = selected.length === 0;
  const count = { count: selected.length };
  const toolbar = (
    <>
      {can('add') ? (
        <Button type="primary" onClick={() => navigate(`${basePath}/addDevice`)}>
          {t('add')}
        </Button>
      ) : null}
      {can('add') ? <Button onClick={() => navigate(`${basePath}/scanDevice`)}>{t('scan')}</Button> : null}
      {can('import') ? <Button onClick={() => setImporting(true)}>{t('import')}</Button> : null}
      {can('export') ? (
        <Button onClick={() => void exportDevices({ ...filters, ...sortRef.current }).catch(() => undefined)}>
          {t('export')}
        </Button>
      ) : null}
      {can('delete') ? (
        <Button
          danger
          disabled={none || busy}
          onClick={() =>
            onSelection(removeDevices, { title: t('deleteTitle'), content: t('deleteConfirm', count) })
          }
        >
          {t('delete')}
        </Button>
      ) : null}
      {can('transfer') ? (
        <Button disabled={none || busy} onClick={() => setTransferring(true)}>
          {t('transfer')}
        </Button>
      ) : null}
      {can('edit') ? (
        <Button disabled={none || busy} onClick={() => onSelection((ids) => setPush(ids, true))}>
          {t('enablePush')}
        </Button>
      ) : null}
      {can('edit') ? (
        <Button disabled={none || busy} onClick={() => onSelection((ids) => setPush(ids, false))}>
          {t('disablePush')}
        </Button>
      ) : null}
      {can('reboot') ? (
        <Button
          disabled={none || busy}
          onClick={() =>
            onSelection((ids) => deviceCommand('deviceReboot', ids), {
              title: t('reboot'),
              content: t('rebootConfirm', count),
            })
          }
        >
          {t('reboot')}
        </Button>
      ) : null}
      {can('factoryReset') ? (
        <Button
          disabled={none || busy}
          onClick={() =>
            onSelection((ids) => deviceCommand('factoryReset', ids), {
              title: t('factoryReset'),
              content: t('factoryResetConfirm', count),
            })
          }
        >
          {t('factoryReset')}
        </Button>
      ) : null}
      {selected.length > 0 ? <span>{t('selected', count)}</span> : null}
    </>
  );

  return (
    <div data-testid="device-list">
      {messageHolder}
      {modalHolder}
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          value={keywordsInput}
          placeholder={t('keywords')}
          style={{ width: 260 }}
          onChange={(event) => setKeywordsInput(event.target.value)}
          onSearch={(value) => setFilters((f) => ({ ...f, keywords: value.trim() || undefined }))}
          data-testid="device-keywords"
        />
        <Select
          allowClear
          showSearch
          placeholder={t('allModels')}
          style={{ width: 180 }}
          options={models.map((model) => ({ value: model, label: model }))}
          onChange={(model: string | undefined) =>
            setFilters((f) => ({ ...f, types: model ? [model] : undefined }))
          }
          data-testid="device-model-filter"
        />
        <SiteTreeSelect
          allowClear
          placeholder={t('allSites')}
          style={{ width: 220 }}
          onChange={(site) => setFilters((f) => ({ ...f, site }))}
          value={filters.site}
          data-testid="device-site-filter"
        />
      </Space>
      <FleetTable<DeviceRow>
        tableId="devices"
        actionRef={table}
        columns={columns}
        request={request}
        params={{ ...filters }}
        defaultSort={DEFAULT_DEVICE_SORT}
        rowKey="id"
        toolbar={toolbar}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys.map(Number)),
        }}
      />
      <ImportDialog<FailedImportRow>
        open={importing}
        title={t('importDevices')}
        url="/device/import"
        templateUrl="/device/deviceExcel"
        failedColumns={importColumns}
        onExportFailed={exportFailedRows}
        onClose={() => setImporting(false)}
        onImported={() => table.current?.reload()}
      />
      <TransferDialog
        open={transferring}
        ids={selected}
        onClose={() => setTransferring(false)}
        onTransferred={(text) => {
          setTransferring(false);
          done(text);
        }}
      />
    </div>
  );
}
