import { defineModule, service } from '../../module.js';
import { MessageService } from './message-service.js';
import { messages } from './migrations/0027-messages.js';
import { messageRoutes } from './routes.js';

/** In-station messages and the bell (docs/messages.md). */
export const messagesModule = defineModule({
  id: 'messages',
  services: { messageService: service(MessageService) },
  routes: messageRoutes,
  migrations: [messages],
  backup: { logs: ['messages'] },
});
