import { defineUiPlugin } from '@phonefleet/sdk';

// Imported by the platform at boot (tsx): keep this file free of React and CSS imports.
export default defineUiPlugin({
  id: 'sites',
  title: { en: 'Site', 'zh-CN': '站点管理' },
  sdk: '^1.0.0',
  menu: [
    {
      path: '/site',
      subRoutes: {
        addSite: { en: 'Add site', 'zh-CN': '添加站点' },
        editSite: { en: 'Edit site', 'zh-CN': '编辑站点' },
      },
      power: 'site',
      title: { en: 'Site', 'zh-CN': '站点管理' },
      icon: 'ApartmentOutlined',
      order: 80,
      buttons: ['add', 'edit', 'delete', 'setParam', 'push'],
    },
  ],
});
