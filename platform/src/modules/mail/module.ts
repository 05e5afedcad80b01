import { defineModule, service } from '../../module.js';
import { MailService } from './mail-service.js';
import { mail } from './migrations/0018-mail.js';
import { mailRoutes } from './routes.js';

export const mailModule = defineModule({
  id: 'mail',
  services: { mailService: service(MailService) },
  routes: mailRoutes,
  jobs: ({ mailService }: { mailService: MailService }) => [
    { name: 'mail-outbox', everyMs: 1000, run: async () => void (await mailService.deliver()) },
  ],
  migrations: [mail],
  backup: { logs: ['mail_outbox'] },
});
