import { defineUiPlugin } from '@phonefleet/sdk';

// Imported by the platform at boot (tsx): keep this file free of React and CSS imports.
// The powers and buttons are those of the access module's resource catalogue.
export default defineUiPlugin({
  id: 'system',
  title: { en: 'System', 'zh-CN': '系统' },
  sdk: '^1.0.0',
  menu: [
    {
      path: '/backup',
      power: 'backup',
      title: { en: 'Backup', 'zh-CN': '备份与恢复' },
      icon: 'DatabaseOutlined',
      order: 140,
      buttons: ['add', 'delete', 'recover'],
    },
    {
      path: '/upgrade',
      power: 'upgrade',
      title: { en: 'System Upgrade', 'zh-CN': '系统升级' },
      icon: 'CloudUploadOutlined',
      order: 141,
      buttons: ['upload'],
    },
    {
      path: '/about',
      power: 'about',
      title: { en: 'About', 'zh-CN': '关于' },
      icon: 'InfoCircleOutlined',
      order: 150,
      buttons: [],
    },
  ],
});
