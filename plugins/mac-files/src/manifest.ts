import { defineUiPlugin } from '@phonefleet/sdk';

// Imported by the platform at boot (tsx): keep this file free of React and CSS imports.
export default defineUiPlugin({
  id: 'mac-files',
  title: { en: 'MAC Configuration', 'zh-CN': 'MAC 配置' },
  sdk: '^1.0.0',
  menu: [
    {
      path: '/MAC',
      power: 'MAC',
      title: { en: 'MAC Configuration', 'zh-CN': 'MAC 配置' },
      icon: 'FileTextOutlined',
      order: 93,
      buttons: ['import', 'push', 'delete'],
    },
  ],
});
