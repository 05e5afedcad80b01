import { defineModule, service } from '../../module.js';
import { HomeService } from './home-service.js';
import { homeRoutes } from './routes.js';

export const homeModule = defineModule({
  id: 'home',
  services: { homeService: service(HomeService) },
  routes: homeRoutes,
});
