import { defineModule } from '../../module.js';
import { organisation } from './migrations/0019-organisation.js';
import { seedPlatformOrganization } from './root-organization.js';

/** The organization tree's root; the scope itself is used by every module's queries. */
export const tenancyModule = defineModule({
  id: 'tenancy',
  migrations: [organisation],
  seed: seedPlatformOrganization,
});
