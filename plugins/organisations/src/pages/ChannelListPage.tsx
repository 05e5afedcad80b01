import type { ChannelRow } from '@phonefleet/sdk';
import { type FleetColumn, useTexts } from '@phonefleet/sdk/ui';
import { useMemo } from 'react';
import { orgText } from '../texts.js';
import { OrganisationListPage } from './OrganisationListPage.js';

/** The channels (spec §2 /channelManagement): the organisation list with a channel's own columns. */
export function ChannelListPage() {
  const t = useTexts(orgText);
  const columns = useMemo<FleetColumn<ChannelRow>[]>(
    () => [
      { key: 'parentName', title: t('parentChannel'), dataIndex: 'parentName' },
      { key: 'enterpriseCount', title: t('enterpriseCount'), dataIndex: 'enterpriseCount' },
      {
        key: 'maySubChannels',
        title: t('maySubChannels'),
        dataIndex: 'maySubChannels',
        render: (value: boolean) => t(value ? 'yes' : 'no'),
      },
    ],
    [t],
  );
  return <OrganisationListPage kind="channel" columns={columns} />;
}
