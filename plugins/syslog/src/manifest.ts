import { defineUiPlugin } from '@phonefleet/sdk';

// Imported by the platform at boot (tsx): keep this file free of React and CSS imports.
// The power, path and buttons are those of the access module's resource catalogue.
export default defineUiPlugin({
  id: 'syslog',
  title: { en: 'System Log', 'zh-CN': '系统日志' },
  sdk: '^1.0.0',
  menu: [
    {
      path: '/syslog',
      power: 'syslog',
      title: { en: 'System Log', 'zh-CN': '系统日志' },
      icon: 'FileSearchOutlined',
      order: 130,
      buttons: ['export'],
    },
  ],
});
