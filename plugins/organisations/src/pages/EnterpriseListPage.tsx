import type { EnterpriseRow } from '@phonefleet/sdk';
import { type FleetColumn, formatDateTime, ListPage, useSession, useTexts } from '@phonefleet/sdk/ui';
import { useMemo } from 'react';
import { DEFAULT_SORT, type OrganisationFilters, searchOrganisations } from '../api.js';
import { StatusFilter, StatusTag } from '../components/status.js';
import { orgText } from '../texts.js';
import { useOrganisationActions } from './organisation-actions.js';

/**
 * The enterprises (spec §2 /enterpriseManagement): searchable by keywords and status, sorted by
 * creation, with add, export, freeze, unfreeze, notification email and delete, and each row's
 * edit and freeze or unfreeze.
 */
export function EnterpriseListPage() {
  const { zoneOffset } = useSession();
  const t = useTexts(orgText);
  const actions = useOrganisationActions('enterprise');
  const columns = useMemo<FleetColumn<EnterpriseRow>[]>(
    () => [
      { key: 'name', title: t('enterpriseName'), dataIndex: 'name', sorter: true },
      {
        key: 'status',
        title: t('status'),
        dataIndex: 'status',
        render: (_: unknown, row: EnterpriseRow) => <StatusTag status={row.status} />,
      },
      { key: 'email', title: t('email'), dataIndex: 'email' },
      { key: 'contact', title: t('contact'), dataIndex: 'contact' },
      { key: 'phone', title: t('phone'), dataIndex: 'phone' },
      { key: 'country', title: t('country'), dataIndex: 'country' },
      {
        key: 'deviceLimit',
        title: t('deviceLimit'),
        dataIndex: 'deviceLimit',
        render: (value: number | null) => (value === null ? t('unlimited') : value),
      },
      { key: 'deviceCount', title: t('devices'), dataIndex: 'deviceCount' },
      { key: 'channelName', title: t('channel'), dataIndex: 'channelName' },
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
    <ListPage<EnterpriseRow, OrganisationFilters>
      power="enterpriseManagement"
      tableId="enterprises"
      testId="enterprise-list"
      title={t('enterprises')}
      columns={columns}
      request={(query, filters) => searchOrganisations<EnterpriseRow>('enterprise', query, filters)}
      defaultSort={DEFAULT_SORT}
      keywords={{ placeholder: t('keywords'), testId: 'org-search' }}
      moreFilters={(set) => <StatusFilter onChange={(status) => set({ status })} />}
      toolbar={actions.toolbar}
      rowActions={actions.rowActions}
    />
  );
}
