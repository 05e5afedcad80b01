import { defineUiPlugin } from '@phonefleet/sdk';

// Imported by the platform at boot (tsx): keep this file free of React and CSS imports.
// The power, path and button are those of the access module's resource catalogue.
export default defineUiPlugin({
  id: 'calls',
  title: { en: 'Call Statistics', 'zh-CN': '通话统计' },
  sdk: '^1.0.0',
  menu: [
    {
      path: '/callStatistics',
      power: 'callStatistics',
      title: { en: 'Call Statistics', 'zh-CN': '通话统计' },
      icon: 'BarChartOutlined',
      order: 40,
      buttons: ['export'],
    },
  ],
});
