import { defineModule, service } from '../../module.js';
import { AccessService } from './access-service.js';
import { seedResources } from './seed.js';

export const accessModule = defineModule({
  id: 'access',
  services: { accessService: service(AccessService) },
  seed: seedResources,
});
