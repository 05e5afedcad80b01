import { defineModule, service } from '../../module.js';
import { seedAdministrator } from './administrator.js';
import { AuthService } from './auth-service.js';
import { CaptchaService } from './captcha-service.js';
import { LoginThrottle } from './login-throttle.js';
import { loginThrottle } from './migrations/0009-login-throttle.js';
import { authRoutes, sessionFromCookie } from './routes.js';

export const authModule = defineModule({
  id: 'auth',
  services: {
    captchaService: service(CaptchaService),
    loginThrottle: service(LoginThrottle),
    authService: service(AuthService),
    sessionResolver: { create: sessionFromCookie },
  },
  routes: authRoutes,
  migrations: [loginThrottle],
  backup: { transient: ['sessions', 'captchas', 'password_resets', 'rate_limits'] },
  seed: seedAdministrator,
});
