import { defineUiPlugin } from '@phonefleet/sdk';

// Imported by the platform at boot (tsx): keep this file free of React and CSS imports.
const setParam = { en: 'Set parameters', 'zh-CN': '设置参数' };

export default defineUiPlugin({
  id: 'parameters',
  title: { en: 'Parameter setting', 'zh-CN': '参数设置' },
  sdk: '^1.0.0',
  menu: [
    { path: '/device/setParam', power: 'deviceManagement', title: setParam, hideInMenu: true },
    { path: '/model/setParam', power: 'model', title: setParam, hideInMenu: true },
    { path: '/group/setParam', power: 'group', title: setParam, hideInMenu: true },
    { path: '/site/setParam', power: 'site', title: setParam, hideInMenu: true },
    {
      path: '/global',
      power: 'global',
      title: { en: 'Global Configuration', 'zh-CN': '全局配置' },
      icon: 'SettingOutlined',
      order: 60,
    },
  ],
});
