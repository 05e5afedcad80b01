import type { ChannelRow, EnterpriseRow } from '@phonefleet/sdk';
import { type FleetColumn, formatDateTime, ListPage, useSession, useTexts } from '@phonefleet/sdk/ui';
import { useMemo } from 'react';
import { DEFAULT_SORT, type OrganisationFilters, searchOrganisations } from '../api.js';
import { StatusFilter, StatusTag } from '../components/status.js';
import { orgText } from '../texts.js';
import { useOrganisationActions } from './organisation-actions.js';

type Kind = 'channel' | 'enterprise';
type RowOf<K extends Kind> = K extends 'channel' ? ChannelRow : EnterpriseRow;

const page = {
  channel: { power: 'channelManagement', tableId: 'channels', name: 'channelName', title: 'channels' },
  enterprise: {
    power: 'enterpriseManagement',
    tableId: 'enterprises',
    name: 'enterpriseName',
    title: 'enterprises',
  },
} as const;

/**
 * The one list of channels or enterprises (spec §2): searchable by keywords and status, sorted by
 * creation, with add, export, freeze, unfreeze, notification email and delete, and each row's
 * edit and freeze or unfreeze. Name, status and contacts lead; `columns` are the kind's own,
 * before the creation time.
 */
export function OrganisationListPage<K extends Kind>({
  kind,
  columns: own,
}: {
  kind: K;
  columns: FleetColumn<RowOf<K>>[];
}) {
  const { zoneOffset } = useSession();
  const t = useTexts(orgText);
  const actions = useOrganisationActions(kind);
  const { power, tableId, name, title } = page[kind];
  const columns = useMemo<FleetColumn<RowOf<K>>[]>(
    () => [
      { key: 'name', title: t(name), dataIndex: 'name', sorter: true },
      {
        key: 'status',
        title: t('status'),
        dataIndex: 'status',
        render: (_: unknown, row: RowOf<K>) => <StatusTag status={row.status} />,
      },
      { key: 'email', title: t('email'), dataIndex: 'email' },
      { key: 'contact', title: t('contact'), dataIndex: 'contact' },
      { key: 'phone', title: t('phone'), dataIndex: 'phone' },
      ...own,
      {
        key: 'createTime',
        title: t('created'),
        dataIndex: 'createTime',
        sorter: true,
        render: (value: string) => formatDateTime(value, zoneOffset),
      },
    ],
    [t, zoneOffset, name, own],
  );

  return (
    <ListPage<RowOf<K>, OrganisationFilters>
      power={power}
      tableId={tableId}
      testId={`${kind}-list`}
      title={t(title)}
      columns={columns}
      request={(query, filters) => searchOrganisations<RowOf<K>>(kind, query, filters)}
      defaultSort={DEFAULT_SORT}
      keywords={{ placeholder: t('keywords'), testId: 'org-search' }}
      moreFilters={(set) => <StatusFilter onChange={(status) => set({ status })} />}
      toolbar={actions.toolbar}
      rowActions={actions.rowActions}
    />
  );
}
