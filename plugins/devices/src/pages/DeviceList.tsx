import type { Language } from '@phonefleet/sdk';
import {
  deleteAction,
  type FleetColumn,
  formatDateTime,
  ImportDialog,
  type ListConfirm,
  ListPage,
  pendingImport,
  type RunAction,
  taskTypeName,
  useSession,
  useTexts,
} from '@phonefleet/sdk/ui';
import { Modal, Select } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
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
import { UpgradeDialog } from '../components/UpgradeDialog.js';
import { type DeviceTextKey, deviceText } from '../texts.js';

export const POWER = 'deviceManagement';
const IMPORT_URL = '/device/import';

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
    column('macAddress', 'macAddressTitle'),
    column('deviceName', 'deviceNameTitle'),
    column('deviceModel', 'deviceModel'),
    column('firmwareVersion', 'firmwareVersion'),
    column('site', 'site'),
    column('serialNumber', 'serialNumber'),
    column('message', 'reason'),
  ];
}

/**
 * The device list (spec §2 Devices): search by keywords, model and site (the sidebar's site filter
 * tree chooses the site); server-side paging and sorting (MAC ascending by default); toolbar actions
 * on the selected devices, each shown only when the session holds its button (the server checks
 * again).
 */
export function DeviceList({ basePath }: { basePath: string }) {
  const { language, zoneOffset, hasButton } = useSession();
  const t = useTexts(deviceText);
  const navigate = useNavigate();
  const canAssignAccounts = hasButton('sipAccount', 'assign');
  const [modal, modalHolder] = Modal.useModal();
  const [models, setModels] = useState<string[]>([]);
  // An import this tab started before a reload is followed again (docs/devices.md "Import progress").
  const [importing, setImporting] = useState(() => pendingImport(IMPORT_URL) !== undefined);
  const [transferring, setTransferring] = useState(false);
  const [upgrading, setUpgrading] = useState(false);

  useEffect(() => {
    let current = true;
    void fetchModels().then((names) => {
      if (current) setModels(names);
    });
    return () => {
      current = false;
    };
  }, []);

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
      {
        key: 'macAddress',
        title: t('macAddressTitle'),
        dataIndex: 'macAddress',
        sorter: true,
        fixed: 'left',
      },
      // Status and Account Status come early: seen at 1366 px without scrolling, never under the
      // pinned Actions column.
      { key: 'deviceName', title: t('deviceNameTitle'), dataIndex: 'deviceName', sorter: true },
      { key: 'deviceModel', title: t('deviceModel'), dataIndex: 'deviceModel', sorter: true },
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
      { key: 'siteName', title: t('site'), dataIndex: 'siteName' },
      { key: 'firmwareVersion', title: t('firmwareVersion'), dataIndex: 'firmwareVersion' },
      { key: 'serialNumber', title: t('serialNumber'), dataIndex: 'serialNumber' },
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
    ],
    [t, language, zoneOffset],
  );

  const importColumns = useMemo(() => failedColumns(language), [language]);
  // Every confirmation of this list answers with OK (spec §8).
  const ask = (content: (count: number) => string, title?: string): ListConfirm => ({
    ...(title ? { title } : {}),
    content,
    okText: t('ok'),
  });
  const commands = {
    reboot: { call: 'deviceReboot', button: 'reboot', confirm: 'rebootConfirm' },
    factoryReset: { call: 'factoryReset', button: 'factoryReset', confirm: 'factoryResetConfirm' },
    pushConfig: { call: 'configPush', button: 'setParam', confirm: 'pushConfigConfirm' },
  } as const;
  const command = (key: keyof typeof commands): RunAction => ({
    key,
    label: t(key),
    button: commands[key].button,
    confirm: ask((count) => t(commands[key].confirm, { count })),
    run: (ids) => deviceCommand(commands[key].call, ids),
  });

  return (
    <ListPage<DeviceRow, DeviceFilters>
      power={POWER}
      tableId="devices"
      testId="device-list"
      columns={columns}
      request={(query, filters) =>
        searchDevices({
          ...filters,
          currentPage: query.currentPage,
          pageSize: query.pageSize,
          sortField: query.sortField ?? DEFAULT_DEVICE_SORT.field,
          sortOrder: query.sortOrder ?? DEFAULT_DEVICE_SORT.order,
        })
      }
      defaultSort={DEFAULT_DEVICE_SORT}
      keywords={{ placeholder: t('deviceKeywords'), testId: 'device-keywords', width: 260 }}
      site={{ followSidebar: true, testId: 'device-site-filter' }}
      moreFilters={(set) => (
        <Select
          allowClear
          showSearch
          placeholder={t('allModels')}
          style={{ width: 180 }}
          options={models.map((model) => ({ value: model, label: model }))}
          onChange={(model: string | undefined) => set({ types: model ? [model] : undefined })}
          data-testid="device-model-filter"
        />
      )}
      toolbar={[
        { key: 'add', button: 'add', primary: true, onClick: () => navigate(`${basePath}/addDevice`) },
        { key: 'scan', label: t('scan'), button: 'add', onClick: () => navigate(`${basePath}/scanDevice`) },
        {
          key: 'unknownDevices',
          label: t('unknownDevices'),
          testId: 'device-unknown',
          onClick: () => navigate(`${basePath}/unknownDevice`),
        },
        { key: 'import', button: 'import', onClick: () => setImporting(true) },
        {
          key: 'export',
          button: 'export',
          onClick: (list) =>
            void exportDevices({
              ...list.filters,
              sortField: list.sort.sortField ?? DEFAULT_DEVICE_SORT.field,
              sortOrder: list.sort.sortOrder ?? DEFAULT_DEVICE_SORT.order,
            }).catch(() => undefined),
        },
        deleteAction({
          run: removeDevices,
          confirm: ask((count) => t('deleteConfirm', { count }), t('deleteTitle')),
        }),
        {
          key: 'transfer',
          label: t('transfer'),
          button: 'transfer',
          needsSelection: true,
          onClick: () => setTransferring(true),
        },
        { key: 'enablePush', label: t('enablePush'), button: 'edit', run: (ids) => setPush(ids, true) },
        { key: 'disablePush', label: t('disablePush'), button: 'edit', run: (ids) => setPush(ids, false) },
        command('pushConfig'),
        command('reboot'),
        command('factoryReset'),
        {
          key: 'upgrade',
          // Spec §9's name of task type 3: "Firmware upgrade".
          label: taskTypeName(3, language),
          button: 'upgrade',
          testId: 'device-upgrade',
          needsSelection: true,
          onClick: () => setUpgrading(true),
        },
        // The SIP account area's button, not one of deviceManagement.
        ...(canAssignAccounts
          ? [
              {
                key: 'assignAccounts',
                label: t('assignAccounts'),
                onClick: () => navigate(`${basePath}/deviceAccountAssign`),
              },
            ]
          : []),
      ]}
      rowActions={(device) => [
        {
          key: 'details',
          label: t('details'),
          onClick: () => navigate(`${basePath}/deviceDetailInfo?id=${device.id}`),
        },
        {
          key: 'sipAccounts',
          label: t('sipAccounts'),
          testId: 'device-sip-accounts',
          onClick: () => navigate(`${basePath}/deviceAccount?id=${device.id}`),
        },
        { key: 'edit', button: 'edit', onClick: () => navigate(`${basePath}/editDevice?id=${device.id}`) },
        { key: 'setParam', button: 'setParam', onClick: () => openSetParam(device) },
      ]}
    >
      {(list) => (
        <>
          {modalHolder}
          <ImportDialog<FailedImportRow>
            open={importing}
            title={t('importDevices')}
            url={IMPORT_URL}
            progressUrl="/device/importProgress"
            templateUrl="/device/deviceExcel"
            failedColumns={importColumns}
            onExportFailed={exportFailedRows}
            onClose={() => setImporting(false)}
            onImported={list.reload}
          />
          <TransferDialog
            open={transferring}
            ids={[...list.selected]}
            onClose={() => setTransferring(false)}
            onTransferred={(text) => {
              setTransferring(false);
              list.report(text);
            }}
          />
          <UpgradeDialog open={upgrading} ids={[...list.selected]} onClose={() => setUpgrading(false)} />
        </>
      )}
    </ListPage>
  );
}
