import { defineUiPlugin } from '@phonefleet/sdk';

// Imported by the platform at boot (tsx): keep this file free of React and CSS imports.
// The power, path and button are those of the access module's resource catalogue.
export default defineUiPlugin({
  id: 'api-service',
  title: { en: 'API Service', 'zh-CN': 'API 服务' },
  sdk: '^1.0.0',
  menu: [
    {
      path: '/apiService',
      power: 'apiService',
      title: { en: 'API Service', 'zh-CN': 'API 服务' },
      icon: 'ApiOutlined',
      order: 142,
      buttons: ['edit'],
    },
  ],
});
