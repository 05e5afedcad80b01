import { defineUiPlugin } from '@phonefleet/sdk';

// Imported by the platform at boot (tsx): keep this file free of React and CSS imports.
// The powers, paths and buttons are those of the access module's resource catalogue.
export default defineUiPlugin({
  id: 'alarms',
  title: { en: 'Alarms', 'zh-CN': '告警' },
  sdk: '^1.0.0',
  menu: [
    {
      path: '/alarmList',
      power: 'alarmList',
      title: { en: 'Alarm List', 'zh-CN': '告警列表' },
      icon: 'AlertOutlined',
      order: 30,
      buttons: ['delete', 'read', 'export'],
    },
    {
      path: '/alarmStrategy',
      subRoutes: {
        addStrategy: { en: 'Add strategy', 'zh-CN': '添加策略' },
        editStrategy: { en: 'Edit strategy', 'zh-CN': '编辑策略' },
      },
      power: 'alarmStrategy',
      title: { en: 'Alarm Strategy', 'zh-CN': '告警策略' },
      icon: 'SafetyOutlined',
      order: 31,
      buttons: ['add', 'edit', 'delete'],
    },
  ],
});
