import { defineModule, service } from '../../module.js';
import { SipAccountImport } from './account-import.js';
import { BindingService } from './binding-service.js';
import { sipAccounts } from './migrations/0021-sip-accounts.js';
import { sipRoutes } from './routes.js';
import { SipAccountService } from './sip-account-service.js';
import { SipServerService } from './sip-server-service.js';

export const sipModule = defineModule({
  id: 'sip',
  services: {
    sipServerService: service(SipServerService),
    sipAccountService: service(SipAccountService),
    sipAccountImport: service(SipAccountImport),
    bindingService: service(BindingService),
  },
  routes: sipRoutes,
  migrations: [sipAccounts],
  backup: { devices: ['sip_bindings'] },
});
