import { defineModule, service } from '../../module.js';
import { AccessService } from './access-service.js';
import { accessGrantsVersion } from './migrations/0035-access-grants-version.js';
import { seedResources } from './seed.js';

export const accessModule = defineModule({
  id: 'access',
  services: { accessService: service(AccessService) },
  migrations: [accessGrantsVersion],
  seed: seedResources,
});
