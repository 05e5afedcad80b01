import { defineUiPlugin } from '@phonefleet/sdk';

// Imported by the platform at boot (tsx): keep this file free of React and CSS imports.
export default defineUiPlugin({
  id: 'devices',
  title: { en: 'Device Management', 'zh-CN': '设备管理' },
  sdk: '^1.0.0',
  menu: [
    {
      path: '/device',
      subRoutes: {
        addDevice: { en: 'Add device', 'zh-CN': '添加设备' },
        editDevice: { en: 'Edit device', 'zh-CN': '编辑设备' },
        deviceAccount: { en: 'Device account', 'zh-CN': '设备账号' },
        deviceDetailInfo: { en: 'Device details', 'zh-CN': '设备详情' },
        scanDevice: { en: 'Scan devices', 'zh-CN': '扫描设备' },
        deviceAccountAssign: { en: 'Assign account', 'zh-CN': '分配账号' },
        unknownDevice: { en: 'Unknown devices', 'zh-CN': '未知设备' },
      },
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
