import { defineModule, service } from '../../module.js';
import { tasks } from './migrations/0008-tasks.js';
import { taskTypeDeviceConfig } from './migrations/0015-task-type-device-config.js';
import { taskRoutes } from './routes.js';
import { TaskEngine } from './task-engine.js';
import { TaskService } from './task-service.js';

export const tasksModule = defineModule({
  id: 'tasks',
  services: {
    taskService: service(TaskService),
    taskEngine: service(TaskEngine, {
      start: (engine) => engine.start(),
      dispose: (engine) => engine.dispose(),
    }),
  },
  routes: taskRoutes,
  migrations: [tasks, taskTypeDeviceConfig],
});
