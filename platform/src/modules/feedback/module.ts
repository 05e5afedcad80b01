import { defineModule } from '../../module.js';
import { feedback } from './migrations/0036-feedback.js';
import { feedbackRoutes } from './routes.js';

export const feedbackModule = defineModule({
  id: 'feedback',
  routes: feedbackRoutes,
  migrations: [feedback],
  backup: { logs: ['feedback'] },
});
