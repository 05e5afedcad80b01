import { defineModule, service } from '../../module.js';
import { fleetStructure } from './migrations/0005-fleet-structure.js';
import { siteNamesAnyCase } from './migrations/0012-site-names-any-case.js';
import { siteRoutes } from './routes.js';
import { seedDefaultSite } from './seed.js';
import { SiteService } from './site-service.js';

export const sitesModule = defineModule({
  id: 'sites',
  services: { siteService: service(SiteService) },
  routes: siteRoutes,
  migrations: [fleetStructure, siteNamesAnyCase],
  seed: seedDefaultSite,
});
