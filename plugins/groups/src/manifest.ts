import { defineUiPlugin } from '@phonefleet/sdk';

// Imported by the platform at boot (tsx): keep this file free of React and CSS imports.
export default defineUiPlugin({
  id: 'groups',
  title: { en: 'Group Configuration', 'zh-CN': '分组配置' },
  sdk: '^1.0.0',
  menu: [
    {
      path: '/group',
      subRoutes: {
        addGroup: { en: 'Add group', 'zh-CN': '添加分组' },
        editGroup: { en: 'Edit group', 'zh-CN': '编辑分组' },
      },
      power: 'group',
      title: { en: 'Group Configuration', 'zh-CN': '分组配置' },
      icon: 'ClusterOutlined',
      order: 91,
      buttons: ['add', 'edit', 'delete', 'setParam', 'push'],
    },
  ],
});
