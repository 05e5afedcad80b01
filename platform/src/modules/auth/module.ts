import { defineModule, service } from '../../module.js';
import { seedAdministrator } from './administrator.js';
import { AuthService } from './auth-service.js';
import { CaptchaService } from './captcha-service.js';
import { authRoutes, sessionFromCookie } from './routes.js';

export const authModule = defineModule({
  id: 'auth',
  services: {
    captchaService: service(CaptchaService),
    authService: service(AuthService),
    sessionResolver: { create: sessionFromCookie },
  },
  routes: authRoutes,
  seed: seedAdministrator,
});
