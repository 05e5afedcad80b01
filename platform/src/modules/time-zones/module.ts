import { defineModule } from '../../module.js';
import { timeZoneRoutes } from './routes.js';
import { seedTimeZones } from './seed.js';

export const timeZonesModule = defineModule({
  id: 'time-zones',
  routes: timeZoneRoutes,
  seed: seedTimeZones,
});
