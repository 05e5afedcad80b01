import { LockOutlined, LogoutOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useConsole } from '../app/console-context.js';

// Not on the first page: loaded when opened.
const EmailSettingsDialog = lazy(() => import('./EmailSettingsDialog.js'));
const HttpSettingsDialog = lazy(() => import('./HttpSettingsDialog.js'));

/**
 * Header user menu (spec §2): personal info, HTTP/HTTPS and email server settings for the
 * administrator of a LAN deployment (spec §6), log out.
 */
export function UserMenu() {
  const { t, login, config, signOut } = useConsole();
  const navigate = useNavigate();
  const [mailOpen, setMailOpen] = useState(false);
  const [httpOpen, setHttpOpen] = useState(false);
  if (!login) return null;
  const lanAdministrator = login.user.userType === 'admin' && config?.deployment === 'lan';
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'personal', icon: <UserOutlined />, label: t('personalInfo') },
            ...(lanAdministrator ? [{ key: 'http', icon: <LockOutlined />, label: t('httpSettings') }] : []),
            ...(lanAdministrator
              ? [{ key: 'email', icon: <MailOutlined />, label: t('emailSettings') }]
              : []),
            { type: 'divider' as const },
            { key: 'logout', icon: <LogoutOutlined />, label: t('logout'), danger: true },
          ],
          onClick: ({ key }) => {
            if (key === 'personal') navigate('/personnalInfo');
            if (key === 'email') setMailOpen(true);
            if (key === 'http') setHttpOpen(true);
            if (key === 'logout') {
              void signOut().then(() => navigate('/login', { replace: true }));
            }
          },
        }}
      >
        <Space style={{ cursor: 'pointer', padding: '0 8px' }} data-testid="user-menu">
          <Avatar size="small" style={{ background: '#1677ff' }} icon={<UserOutlined />} />
          <span>{login.user.userName}</span>
        </Space>
      </Dropdown>
      {mailOpen ? (
        <Suspense fallback={null}>
          <EmailSettingsDialog onClose={() => setMailOpen(false)} />
        </Suspense>
      ) : null}
      {httpOpen ? (
        <Suspense fallback={null}>
          <HttpSettingsDialog onClose={() => setHttpOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
