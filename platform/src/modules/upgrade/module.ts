import { defineModule, service } from '../../module.js';
import { upgradeRoutes } from './routes.js';
import { ReleaseStaging } from './staging.js';
import { UpgradeService } from './upgrade-service.js';

/**
 * The system upgrade (docs/upgrade.md): signed installation packages staged in the data folder and
 * applied under the operation lock (status 3), with a roll-back to the previous release.
 */
export const upgradeModule = defineModule({
  id: 'upgrade',
  services: {
    releaseStaging: service(ReleaseStaging, { start: (staging) => staging.sweep() }),
    upgradeService: service(UpgradeService, { dispose: (upgrades) => upgrades.dispose() }),
  },
  routes: upgradeRoutes,
});
