import { defineUiPlugin } from '@phonefleet/sdk';

// Imported by the platform at boot (tsx): keep this file free of React and CSS imports.
export default defineUiPlugin({
  id: 'models',
  title: { en: 'Model Configuration', 'zh-CN': '机型配置' },
  sdk: '^1.0.0',
  menu: [
    {
      path: '/model',
      subRoutes: {
        addModel: { en: 'Add model template', 'zh-CN': '添加机型模板' },
        editModel: { en: 'Edit model template', 'zh-CN': '编辑机型模板' },
      },
      power: 'model',
      title: { en: 'Model Configuration', 'zh-CN': '机型配置' },
      icon: 'AppstoreOutlined',
      order: 92,
      buttons: ['add', 'edit', 'delete', 'setParam', 'push'],
    },
  ],
});
