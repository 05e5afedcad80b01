import { defineUiPlugin } from '@phonefleet/sdk';

// Imported by the platform at boot (tsx): keep this file free of React and CSS imports.
export default defineUiPlugin({
  id: 'home',
  title: { en: 'Home', 'zh-CN': '首页' },
  sdk: '^1.0.0',
  menu: [
    { path: '/', power: 'home', title: { en: 'Home', 'zh-CN': '首页' }, icon: 'HomeOutlined', order: 0 },
  ],
});
