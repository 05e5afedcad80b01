import { defineUiPlugin } from '@phonefleet/sdk';

// Imported by the platform at boot (tsx): keep this file free of React and CSS imports.
export default defineUiPlugin({
  id: 'devices',
  title: { en: 'Device Management', 'zh-CN': '设备管理' },
  sdk: '^1.0.0',
  menu: [
    {
      path: '/device',
      power: 'deviceManagement',
      title: { en: 'Device Management', 'zh-CN': '设备管理' },
      icon: 'DesktopOutlined',
      buttons: [
        'add',
        'edit',
        'delete',
        'import',
        'export',
        'reboot',
        'factoryReset',
        'upgrade',
        'setParam',
        'transfer',
      ],
      order: 10,
    },
  ],
});
