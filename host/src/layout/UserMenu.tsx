import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, Space } from 'antd';
import { useNavigate } from 'react-router';
import { useConsole } from '../app/console-context.js';

/** Header user menu: personal info and log out. */
export function UserMenu() {
  const { t, login, signOut } = useConsole();
  const navigate = useNavigate();
  if (!login) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'personal', icon: <UserOutlined />, label: t('personalInfo') },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('logout'), danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'personal') navigate('/personnalInfo');
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
  );
}
