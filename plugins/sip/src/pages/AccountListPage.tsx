import type { SipAccountImportFailure, SipAccountRow, SipServerOption } from '@phonefleet/sdk';
import {
  deleteAction,
  type FleetColumn,
  formatDateTime,
  ImportDialog,
  ListPage,
  type RunAction,
  useSession,
  useTexts,
} from '@phonefleet/sdk/ui';
import { Select, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  ACCOUNT_IMPORT_URL,
  ACCOUNT_TEMPLATE_URL,
  type AccountFilters,
  DEFAULT_SORT,
  exportAccounts,
  fetchServerOptions,
  removeAccounts,
  searchAccounts,
  unbindAccounts,
} from '../api.js';
import { AccountStatusTag, STATUS_OPTIONS } from '../components/AccountStatusTag.js';
import { BindAccountDialog } from '../components/BindAccountDialog.js';
import { ADD_ACCOUNT, accountParamPath, editAccountPath } from '../links.js';
import { ACTIONS_WIDTH, SHORT_TEXT } from '../sip-options.js';
import { sipText } from '../texts.js';

const POWER = 'sipAccount';

/**
 * The SIP accounts (spec §2 /sipAccount, §3, §4): searchable by keywords, site, status and server;
 * add, edit, delete, import and export; bind an account to a device line (a dialog) and unbind it.
 * Each action is shown only with its button of `sipAccount` (binding: `assign`, and the device list
 * to pick from).
 */
export function AccountListPage() {
  const { zoneOffset, login } = useSession();
  const t = useTexts(sipText);
  const navigate = useNavigate();
  const [servers, setServers] = useState<SipServerOption[]>([]);
  const [importing, setImporting] = useState(false);
  const [binding, setBinding] = useState<SipAccountRow | null>(null);
  const seesDevices = login.resources.some((resource) => resource.power === 'deviceManagement');

  useEffect(() => {
    let current = true;
    fetchServerOptions()
      .then((found) => current && setServers(found))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);

  const columns = useMemo<FleetColumn<SipAccountRow>[]>(
    () => [
      { key: 'labelName', title: t('labelName'), dataIndex: 'labelName', sorter: true, ...SHORT_TEXT },
      { key: 'userName', title: t('userName'), dataIndex: 'userName', sorter: true, ...SHORT_TEXT },
      { key: 'registerName', title: t('registerName'), dataIndex: 'registerName', defaultHidden: true },
      { key: 'displayName', title: t('displayName'), dataIndex: 'displayName', defaultHidden: true },
      {
        key: 'status',
        title: t('status'),
        dataIndex: 'status',
        sorter: true,
        render: (value: number, row: SipAccountRow) => (
          <>
            <AccountStatusTag status={value} />
            {row.binding && (row.binding.failure || !row.binding.reportedAt) ? (
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {row.binding.failure ?? t('notReported')}
              </Typography.Text>
            ) : null}
          </>
        ),
      },
      {
        key: 'binding',
        title: t('assignedDevice'),
        dataIndex: 'binding',
        render: (_: unknown, row: SipAccountRow) =>
          row.binding ? `${row.binding.macAddress} · ${t('lineOf', { line: row.binding.line })}` : null,
      },
      { key: 'serverName', title: t('sipServer'), dataIndex: 'serverName', ...SHORT_TEXT },
      { key: 'model', title: t('model'), dataIndex: 'model', defaultHidden: true },
      { key: 'siteName', title: t('site'), dataIndex: 'siteName', ...SHORT_TEXT },
      {
        key: 'createTime',
        title: t('created'),
        defaultHidden: true,
        dataIndex: 'createTime',
        sorter: true,
        render: (value: string) => formatDateTime(value, zoneOffset),
      },
    ],
    [t, zoneOffset],
  );
  const failedColumns = useMemo<FleetColumn<SipAccountImportFailure>[]>(
    () => [
      { key: 'row', title: t('row'), dataIndex: 'row' },
      { key: 'userName', title: t('userName'), dataIndex: 'userName' },
      { key: 'reason', title: t('reason'), dataIndex: 'reason' },
    ],
    [t],
  );

  const remove = deleteAction({
    run: removeAccounts,
    confirm: { title: t('deleteAccountTitle'), content: (count) => t('deleteAccountContent', { count }) },
  });
  const unbind: RunAction = {
    key: 'unbind',
    label: t('unbind'),
    button: 'assign',
    testId: 'sip-account-unbind',
    confirm: {
      title: t('unbindTitle'),
      content: (count) => t('unbindContent', { count }),
      okText: t('unbind'),
    },
    run: unbindAccounts,
    doneText: t('unbound'),
  };

  return (
    <ListPage<SipAccountRow, AccountFilters>
      power={POWER}
      tableId="sip-accounts"
      testId="sip-account-list"
      title={t('accounts')}
      columns={columns}
      request={searchAccounts}
      defaultSort={DEFAULT_SORT}
      keywords={{ placeholder: t('accountKeywords'), testId: 'sip-account-search', width: 260 }}
      site={{ followSidebar: true }}
      moreFilters={(set) => (
        <>
          <Select<number>
            allowClear
            placeholder={t('allStatuses')}
            style={{ width: 160 }}
            options={STATUS_OPTIONS.map((option) => ({ value: option.value, label: t(option.key) }))}
            onChange={(status) => set({ status })}
            data-testid="sip-account-status-filter"
          />
          <Select<number>
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('allServers')}
            style={{ width: 200 }}
            options={servers.map((server) => ({ value: server.id, label: server.serverName }))}
            onChange={(serverId) => set({ serverId })}
            data-testid="sip-account-server-filter"
          />
        </>
      )}
      toolbar={[
        {
          key: 'add',
          button: 'add',
          primary: true,
          testId: 'sip-account-add',
          onClick: () => navigate(ADD_ACCOUNT),
        },
        { key: 'import', button: 'import', onClick: () => setImporting(true) },
        {
          key: 'export',
          button: 'export',
          onClick: (list) => void exportAccounts(list.filters, list.sort).catch(() => undefined),
        },
        remove,
        unbind,
      ]}
      actionsWidth={ACTIONS_WIDTH}
      rowActions={(account) => [
        { key: 'edit', button: 'edit', onClick: () => navigate(editAccountPath(account.id)) },
        { key: 'setParam', button: 'edit', onClick: () => navigate(accountParamPath(account.id)) },
        ...(seesDevices
          ? [{ key: 'bind', label: t('bind'), button: 'assign', onClick: () => setBinding(account) }]
          : []),
        ...(account.binding ? [unbind] : []),
        remove,
      ]}
    >
      {(list) => (
        <>
          <ImportDialog<SipAccountImportFailure>
            open={importing}
            title={t('importAccounts')}
            url={ACCOUNT_IMPORT_URL}
            templateUrl={ACCOUNT_TEMPLATE_URL}
            failedColumns={failedColumns}
            onClose={() => setImporting(false)}
            onImported={list.reload}
          />
          <BindAccountDialog
            account={binding}
            onClose={() => setBinding(null)}
            onBound={() => list.report(t('bound'))}
          />
        </>
      )}
    </ListPage>
  );
}
