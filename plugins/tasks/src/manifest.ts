import { defineUiPlugin } from '@phonefleet/sdk';

// Imported by the platform at boot (tsx): keep this file free of React and CSS imports.
export default defineUiPlugin({
  id: 'tasks',
  title: { en: 'Task', 'zh-CN': '任务管理' },
  sdk: '^1.0.0',
  menu: [
    {
      path: '/task',
      subRoutes: {
        addTask: { en: 'Add task', 'zh-CN': '添加任务' },
        editTask: { en: 'Edit task', 'zh-CN': '编辑任务' },
        runAgainTask: { en: 'Run again', 'zh-CN': '再次执行' },
        taskResult: { en: 'Task result', 'zh-CN': '任务结果' },
      },
      power: 'task',
      title: { en: 'Task', 'zh-CN': '任务管理' },
      icon: 'ScheduleOutlined',
      order: 50,
      buttons: ['add', 'edit', 'delete', 'start', 'pause', 'runAgain'],
    },
  ],
});
