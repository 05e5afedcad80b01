import { defineUiPlugin } from '@phonefleet/sdk';

// Imported by the platform at boot (tsx): keep this file free of React and CSS imports.
export default defineUiPlugin({
  id: 'users',
  title: { en: 'User', 'zh-CN': '用户管理' },
  sdk: '^1.0.0',
  menu: [
    {
      path: '/user',
      subRoutes: {
        addRole: { en: 'Add role', 'zh-CN': '添加角色' },
        editRole: { en: 'Edit role', 'zh-CN': '编辑角色' },
      },
      power: 'user',
      title: { en: 'User', 'zh-CN': '用户管理' },
      icon: 'TeamOutlined',
      order: 120,
      buttons: ['add', 'edit', 'delete', 'forbid'],
    },
    {
      // Spec §2: the header's user menu opens it, so it is not a sidebar entry.
      path: '/personnalInfo',
      power: 'personnalInfo',
      title: { en: 'Personal Info', 'zh-CN': '个人信息' },
      icon: 'UserOutlined',
      order: 160,
      hideInMenu: true,
    },
  ],
});
