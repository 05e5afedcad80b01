import type { ChannelRow } from '@phonefleet/sdk';
import { type FleetColumn, formatDateTime, ListPage, useSession, useTexts } from '@phonefleet/sdk/ui';
import { useMemo } from 'react';
import { DEFAULT_SORT, type OrganisationFilters, searchOrganisations } from '../api.js';
import { StatusFilter, StatusTag } from '../components/status.js';
import { orgText } from '../texts.js';
import { useOrganisationActions } from './organisation-actions.js';

/**
 * The channels (spec §2 /channelManagement): searchable by keywords and status, sorted by creation,
 * with add, export, freeze, unfreeze, notification email and delete, and each row's edit and
 * freeze or unfreeze.
 */
export function ChannelListPage() {
  const { zoneOffset } = useSession();
  const t = useTexts(orgText);
  const actions = useOrganisationActions('channel');
  const columns = useMemo<FleetColumn<ChannelRow>[]>(
    () => [
      { key: 'name', title: t('channelName'), dataIndex: 'name', sorter: true },
      {
        key: 'status',
        title: t('status'),
        dataIndex: 'status',
        render: (_: unknown, row: ChannelRow) => <StatusTag status={row.status} />,
      },
      { key: 'email', title: t('email'), dataIndex: 'email' },
      { key: 'contact', title: t('contact'), dataIndex: 'contact' },
      { key: 'phone', title: t('phone'), dataIndex: 'phone' },
      { key: 'parentName', title: t('parentChannel'), dataIndex: 'parentName' },
      { key: 'enterpriseCount', title: t('enterpriseCount'), dataIndex: 'enterpriseCount' },
      {
        key: 'maySubChannels',
        title: t('maySubChannels'),
        dataIndex: 'maySubChannels',
        render: (value: boolean) => t(value ? 'yes' : 'no'),
      },
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

  return (
    <ListPage<ChannelRow, OrganisationFilters>
      power="channelManagement"
      tableId="channels"
      testId="channel-list"
      title={t('channels')}
      columns={columns}
      request={(query, filters) => searchOrganisations<ChannelRow>('channel', query, filters)}
      defaultSort={DEFAULT_SORT}
      keywords={{ placeholder: t('keywords'), testId: 'org-search' }}
      moreFilters={(set) => <StatusFilter onChange={(status) => set({ status })} />}
      toolbar={actions.toolbar}
      rowActions={actions.rowActions}
    />
  );
}
