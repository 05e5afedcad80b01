import type { GroupRow } from '@phonefleet/sdk';
import {
  deleteAction,
  type FleetColumn,
  formatDateTime,
  ListPage,
  usePushDialog,
  useSession,
  useTexts,
  WizardFinished,
} from '@phonefleet/sdk/ui';
import { Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { deleteGroups, fetchGroup, pushGroup, searchGroups } from '../api.js';
import { ADD_GROUP, editGroupPath, groupParamsPath } from '../links.js';
import { groupText } from '../texts.js';

/**
 * The groups (spec §2 /group): searchable by name and site, sorted by creation (spec §9), with
 * add, edit, set parameters, push and delete, each shown only with its permission button.
 */
export function GroupListPage() {
  const { zoneOffset } = useSession();
  const t = useTexts(groupText);
  const navigate = useNavigate();
  const [created, setCreated] = useState<number>();
  const pushing = usePushDialog((group: GroupRow, mode) => pushGroup(group.id, mode));

  const columns = useMemo<FleetColumn<GroupRow>[]>(
    () => [
      {
        key: 'groupName',
        title: t('groupName'),
        dataIndex: 'groupName',
        sorter: true,
        // What the wizard just created stands out (its finish step is above the list).
        render: (value: string, row: GroupRow) =>
          row.id === created ? (
            <Typography.Text mark strong data-testid="created-name">
              {value}
            </Typography.Text>
          ) : (
            value
          ),
      },
      { key: 'description', title: t('description'), dataIndex: 'description', ellipsis: true },
      { key: 'siteName', title: t('site'), dataIndex: 'siteName' },
      { key: 'deviceCount', title: t('devices'), dataIndex: 'deviceCount', sorter: true },
      {
        key: 'createTime',
        title: t('created'),
        dataIndex: 'createTime',
        sorter: true,
        render: (value: string) => formatDateTime(value, zoneOffset),
      },
    ],
    [t, zoneOffset, created],
  );
  const remove = deleteAction({
    run: deleteGroups,
    confirm: { title: t('deleteTitle'), content: (count) => t('deleteContent', { count }) },
  });

  return (
    <ListPage<GroupRow>
      power="group"
      tableId="groups"
      testId="group-list"
      title={t('title')}
      banner={
        <WizardFinished
          area="group"
          steps={[t('stepBasic'), t('stepDevices')]}
          exists={(id) => fetchGroup(id, true)}
          title={(name) => t('finished', { name })}
          subTitle={t('finishedHint')}
          onFound={(relation) => setCreated(relation.id)}
        />
      }
      columns={columns}
      request={searchGroups}
      defaultSort={{ field: 'createTime', order: 'asc' }}
      keywords={{ placeholder: t('groupName'), testId: 'group-search' }}
      site={{}}
      toolbar={[
        { key: 'add', button: 'add', primary: true, testId: 'group-add', onClick: () => navigate(ADD_GROUP) },
        remove,
      ]}
      rowActions={(group) => [
        { key: 'edit', button: 'edit', onClick: () => navigate(editGroupPath(group.id)) },
        { key: 'setParam', button: 'setParam', onClick: () => navigate(groupParamsPath(group, false)) },
        { key: 'push', button: 'push', onClick: () => pushing.ask(group) },
        remove,
      ]}
    >
      {pushing.dialog}
    </ListPage>
  );
}
