import type { EnterpriseRow } from '@phonefleet/sdk';
import { type FleetColumn, useTexts } from '@phonefleet/sdk/ui';
import { useMemo } from 'react';
import { orgText } from '../texts.js';
import { OrganisationListPage } from './OrganisationListPage.js';

/** The enterprises (spec §2 /enterpriseManagement): the organisation list with an enterprise's own columns. */
export function EnterpriseListPage() {
  const t = useTexts(orgText);
  const columns = useMemo<FleetColumn<EnterpriseRow>[]>(
    () => [
      { key: 'country', title: t('country'), dataIndex: 'country' },
      {
        key: 'deviceLimit',
        title: t('deviceLimit'),
        dataIndex: 'deviceLimit',
        render: (value: number | null) => (value === null ? t('unlimited') : value),
      },
      { key: 'deviceCount', title: t('devices'), dataIndex: 'deviceCount' },
      { key: 'channelName', title: t('channel'), dataIndex: 'channelName' },
    ],
    [t],
  );
  return <OrganisationListPage kind="enterprise" columns={columns} />;
}
