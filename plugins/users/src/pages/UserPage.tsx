import { useTexts } from '@phonefleet/sdk/ui';
import { Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { userText } from '../texts.js';
import { RolesTab } from './RolesTab.js';
import { UsersTab } from './UsersTab.js';

/** /user (spec §2 System): the Users and Roles tabs; `?tab=roles` opens the roles. */
export function UserPage() {
  const t = useTexts(userText);
  const [query, setQuery] = useSearchParams();
  const tab = query.get('tab') === 'roles' ? 'roles' : 'users';
  return (
    <div data-testid="user-page">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('title')}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => setQuery(key === 'roles' ? { tab: 'roles' } : {}, { replace: true })}
        destroyOnHidden
        items={[
          {
            key: 'users',
            label: <span data-testid="tab-users">{t('usersTab')}</span>,
            children: <UsersTab />,
          },
          {
            key: 'roles',
            label: <span data-testid="tab-roles">{t('rolesTab')}</span>,
            children: <RolesTab />,
          },
        ]}
      />
    </div>
  );
}
