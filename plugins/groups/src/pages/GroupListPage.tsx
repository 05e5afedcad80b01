import type { GroupRow } from '@phonefleet/sdk';
import { ConfigurationListPage, type FleetColumn, useTexts } from '@phonefleet/sdk/ui';
import { useMemo } from 'react';
import { deleteGroups, fetchGroup, pushGroup, searchGroups } from '../api.js';
import { ADD_GROUP, editGroupPath, groupParamsPath } from '../links.js';
import { groupText } from '../texts.js';

/** The groups (spec §2 /group): the kit's configuration list, sorted by creation (spec §9). */
export function GroupListPage() {
  const t = useTexts(groupText);
  const columns = useMemo<FleetColumn<GroupRow>[]>(
    () => [
      { key: 'siteName', title: t('site'), dataIndex: 'siteName' },
      { key: 'deviceCount', title: t('devices'), dataIndex: 'deviceCount', sorter: true },
    ],
    [t],
  );
  return (
    <ConfigurationListPage<GroupRow>
      area="group"
      tableId="groups"
      title={t('title')}
      name={{ field: 'groupName', title: t('groupName') }}
      columns={columns}
      keywordsPlaceholder={t('groupName')}
      defaultSort={{ field: 'createTime', order: 'asc' }}
      search={searchGroups}
      remove={deleteGroups}
      push={(group, mode) => pushGroup(group.id, mode)}
      deleteConfirm={{ title: t('deleteTitle'), content: (count) => t('deleteContent', { count }) }}
      wizard={{
        steps: [t('stepBasic'), t('stepDevices')],
        exists: (id) => fetchGroup(id, true),
        title: (name) => t('finished', { name }),
        hint: t('finishedHint'),
      }}
      paths={{
        add: ADD_GROUP,
        edit: (group) => editGroupPath(group.id),
        params: (group) => groupParamsPath(group, false),
      }}
    />
  );
}
