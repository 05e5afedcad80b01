import type { SipServerRow } from '@phonefleet/sdk';
import {
  deleteAction,
  type FleetColumn,
  formatDateTime,
  ListPage,
  useSession,
  useTexts,
} from '@phonefleet/sdk/ui';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_SORT, removeServers, searchServers } from '../api.js';
import { ADD_SERVER, editServerPath } from '../links.js';
import { LONG_TEXT, SHORT_TEXT, TRANSPORT_NAMES } from '../sip-options.js';
import { sipText } from '../texts.js';

/**
 * The SIP servers (spec §2 /sipServer, §3): searchable by name or address and site, with add, edit
 * and delete (which deletes the servers' accounts too, spec §8), each shown only with its button.
 */
export function ServerListPage() {
  const { zoneOffset } = useSession();
  const t = useTexts(sipText);
  const navigate = useNavigate();

  const columns = useMemo<FleetColumn<SipServerRow>[]>(
    () => [
      { key: 'serverName', title: t('serverName'), dataIndex: 'serverName', sorter: true, ...LONG_TEXT },
      { key: 'server', title: t('sipServer'), dataIndex: 'server', sorter: true, ...LONG_TEXT },
      { key: 'port', title: t('port'), dataIndex: 'port' },
      {
        key: 'transport',
        title: t('transport'),
        defaultHidden: true,
        dataIndex: 'transport',
        render: (value: number) => TRANSPORT_NAMES[value] ?? value,
      },
      {
        key: 'outboundProxy',
        title: t('outboundProxy'),
        defaultHidden: true,
        dataIndex: 'outboundProxy',
        render: (value: string, row: SipServerRow) =>
          value && row.outboundPort ? `${value}:${row.outboundPort}` : value,
      },
      { key: 'expires', title: t('expires'), dataIndex: 'expires', defaultHidden: true },
      { key: 'accountNumber', title: t('accountNumber'), dataIndex: 'accountNumber', sorter: true },
      { key: 'siteName', title: t('site'), dataIndex: 'siteName', ...SHORT_TEXT },
      {
        key: 'createTime',
        title: t('created'),
        dataIndex: 'createTime',
        sorter: true,
        render: (value: string) => formatDateTime(value, zoneOffset),
      },
    ],
    [t, zoneOffset],
  );
  const remove = deleteAction({
    run: async (ids) => {
      const { accounts } = await removeServers(ids);
      return accounts > 0 ? t('serversDeleted', { accounts }) : undefined;
    },
    confirm: { title: t('deleteServerTitle'), content: (count) => t('deleteServerContent', { count }) },
  });

  return (
    <ListPage<SipServerRow>
      power="sipServer"
      tableId="sip-servers"
      testId="sip-server-list"
      title={t('servers')}
      columns={columns}
      request={searchServers}
      defaultSort={DEFAULT_SORT}
      keywords={{ placeholder: t('serverKeywords'), testId: 'sip-server-search' }}
      site={{ followSidebar: true }}
      toolbar={[
        {
          key: 'add',
          button: 'add',
          primary: true,
          testId: 'sip-server-add',
          onClick: () => navigate(ADD_SERVER),
        },
        remove,
      ]}
      rowActions={(server) => [
        { key: 'edit', button: 'edit', onClick: () => navigate(editServerPath(server.id)) },
        remove,
      ]}
    />
  );
}
