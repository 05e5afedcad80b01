import type { RoleRow } from '@phonefleet/sdk';
import {
  deleteAction,
  type FleetColumn,
  formatDateTime,
  ListPage,
  useSession,
  useTexts,
} from '@phonefleet/sdk/ui';
import { Tag } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { removeRoles, searchRoles } from '../api.js';
import { ADD_ROLE, editRolePath } from '../links.js';
import { userText } from '../texts.js';

/**
 * The organisation's roles (spec §3 Role): custom roles are added at /user/addRole, edited at
 * /user/editRole?id= and deleted after a confirmation; built-in roles are only viewed.
 */
export function RolesTab() {
  const t = useTexts(userText);
  const { zoneOffset } = useSession();
  const navigate = useNavigate();

  const columns = useMemo<FleetColumn<RoleRow>[]>(
    () => [
      {
        key: 'name',
        title: t('roleName'),
        dataIndex: 'name',
        render: (name: string, role: RoleRow) => (
          <>
            {name} {role.builtin ? <Tag>{t('builtin')}</Tag> : null}
          </>
        ),
      },
      { key: 'description', title: t('description'), dataIndex: 'description', ellipsis: true },
      { key: 'userCount', title: t('users'), dataIndex: 'userCount' },
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
    run: removeRoles,
    confirm: { title: t('deleteRoles'), content: (count) => t('deleteRolesQuestion', { count }) },
  });

  return (
    <ListPage<RoleRow>
      power="user"
      tableId="roles"
      testId="role-list"
      columns={columns}
      request={searchRoles}
      defaultSort={{ field: 'createTime', order: 'asc' }}
      keywords={{ placeholder: t('roleKeywords'), testId: 'role-search' }}
      selectable={(role) => !role.builtin}
      toolbar={[
        { key: 'add', button: 'add', primary: true, testId: 'role-add', onClick: () => navigate(ADD_ROLE) },
        remove,
      ]}
      rowActions={(role) =>
        role.builtin
          ? [
              {
                key: 'view',
                label: t('view'),
                testId: 'role-view',
                onClick: () => navigate(editRolePath(role.id)),
              },
            ]
          : [
              {
                key: 'edit',
                button: 'edit',
                testId: 'role-edit',
                onClick: () => navigate(editRolePath(role.id)),
              },
              remove,
            ]
      }
    />
  );
}
