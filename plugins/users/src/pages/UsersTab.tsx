import type { UserRow } from '@phonefleet/sdk';
import {
  deleteAction,
  EMPTY_CELL,
  type FleetColumn,
  formatDateTime,
  ListPage,
  type RowAction,
  useSession,
  useTexts,
} from '@phonefleet/sdk/ui';
import { Tag } from 'antd';
import { useMemo, useState } from 'react';
import { activateUsers, forbidUsers, removeUsers, searchUsers, sendUserEmail } from '../api.js';
import { UserFormDialog } from '../components/UserFormDialog.js';
import { userText } from '../texts.js';

/**
 * The organisation's users (spec §2 /user, §3 User): searchable, sorted by creation (spec §9), with
 * add and edit (a dialog), delete, forbid and activate on the selection, and a row's activation or
 * reset email. The organisation's primary user cannot be selected: it is never deleted nor forbidden.
 */
export function UsersTab() {
  const t = useTexts(userText);
  const { zoneOffset } = useSession();
  const [editing, setEditing] = useState<UserRow | 'new' | null>(null);

  const columns = useMemo<FleetColumn<UserRow>[]>(
    () => [
      {
        key: 'userName',
        title: t('userName'),
        dataIndex: 'userName',
        sorter: true,
        render: (value: string, row: UserRow) => (
          <>
            {value} {row.primary ? <Tag color="blue">{t('primary')}</Tag> : null}
          </>
        ),
      },
      { key: 'email', title: t('email'), dataIndex: 'email' },
      { key: 'roleName', title: t('role'), dataIndex: 'roleName' },
      {
        key: 'sites',
        title: t('dataPermission'),
        dataIndex: 'sites',
        render: (sites: UserRow['sites']) =>
          sites === null ? t('allSites') : sites.map((site) => site.siteName).join(', ') || EMPTY_CELL,
      },
      {
        key: 'status',
        title: t('status'),
        dataIndex: 'status',
        render: (status: UserRow['status']) =>
          status === 'activated' ? <Tag color="green">{t('activated')}</Tag> : <Tag>{t('inactivated')}</Tag>,
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

  const remove = deleteAction({
    run: removeUsers,
    confirm: { title: t('deleteUsers'), content: (count) => t('deleteUsersQuestion', { count }) },
  });

  const emailAction = (user: UserRow): RowAction<UserRow, object> => {
    const kind = user.status === 'activated' ? 'reset' : 'activate';
    return {
      key: 'sendEmail',
      label: kind === 'reset' ? t('sendReset') : t('sendActivation'),
      button: 'edit',
      testId: `send-${kind}`,
      run: async ([id]) => {
        if (id === undefined) return undefined;
        await sendUserEmail(kind, id);
        return t('emailSent', { email: user.email });
      },
    };
  };

  return (
    <ListPage<UserRow>
      power="user"
      tableId="users"
      testId="user-list"
      columns={columns}
      request={searchUsers}
      defaultSort={{ field: 'createTime', order: 'asc' }}
      keywords={{ placeholder: t('keywords'), testId: 'user-search' }}
      selectable={(user) => !user.primary}
      toolbar={[
        { key: 'add', button: 'add', primary: true, testId: 'user-add', onClick: () => setEditing('new') },
        remove,
        {
          key: 'forbid',
          label: t('forbid'),
          button: 'forbid',
          testId: 'user-forbid',
          confirm: { content: (count) => t('forbidQuestion', { count }) },
          run: forbidUsers,
        },
        {
          key: 'activate',
          label: t('activate'),
          button: 'forbid',
          testId: 'user-activate',
          confirm: { content: (count) => t('activateQuestion', { count }) },
          run: activateUsers,
        },
      ]}
      rowActions={(user) => [
        { key: 'edit', button: 'edit', testId: 'user-edit', onClick: () => setEditing(user) },
        emailAction(user),
      ]}
    >
      {(list) => <UserFormDialog user={editing} onClose={() => setEditing(null)} onSaved={list.reload} />}
    </ListPage>
  );
}
