import { defineUiPlugin } from '@phonefleet/sdk';

// Imported by the platform at boot (tsx): keep this file free of React and CSS imports.
export default defineUiPlugin({
  id: 'tasks',
  title: { en: 'Task', 'zh-CN': '任务管理' },
  sdk: '^1.0.0',
  menu: [
    {
      path: '/task',
      power: 'task',
      title: { en: 'Task', 'zh-CN': '任务管理' },
      icon: 'ScheduleOutlined',
      order: 50,
      buttons: ['add', 'edit', 'delete', 'start', 'pause', 'runAgain'],
    },
  ],
});
