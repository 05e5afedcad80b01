import { defineUiPlugin } from '@phonefleet/sdk';

// Imported by the platform at boot (tsx): keep this file free of React and CSS imports.
// The buttons are those of the access module's resource catalogue.
export default defineUiPlugin({
  id: 'sip',
  title: { en: 'SIP', 'zh-CN': 'SIP' },
  sdk: '^1.0.0',
  menu: [
    {
      path: '/sipAccount',
      subRoutes: {
        addAccount: { en: 'Add account', 'zh-CN': '添加账号' },
        editAccount: { en: 'Edit account', 'zh-CN': '编辑账号' },
      },
      power: 'sipAccount',
      title: { en: 'SIP Account', 'zh-CN': 'SIP 账号' },
      icon: 'PhoneOutlined',
      order: 70,
      buttons: ['add', 'edit', 'delete', 'import', 'export', 'assign'],
    },
    {
      path: '/sipServer',
      subRoutes: {
        addServer: { en: 'Add server', 'zh-CN': '添加服务器' },
        editServer: { en: 'Edit server', 'zh-CN': '编辑服务器' },
      },
      power: 'sipServer',
      title: { en: 'SIP Server', 'zh-CN': 'SIP 服务器' },
      icon: 'CloudServerOutlined',
      order: 71,
      buttons: ['add', 'edit', 'delete'],
    },
  ],
});
