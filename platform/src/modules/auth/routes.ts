import type { ConsoleConfig } from '../../config.js';
import { clientAddress, defineRoute, type RouteDefinition, type SessionResolver } from '../../http/route.js';
import type { RequestState } from '../../http/server.js';
import type { AuthService } from './auth-service.js';
import type { CaptchaService } from './captcha-service.js';
import { enterBody, forgetPasswordQuery, loginBody, resetPasswordBody } from './schemas.js';

export const SESSION_COOKIE = 'pf_session';

/** The API's session lookup: the `pf_session` cookie, resolved in PostgreSQL. */
export function sessionFromCookie({ authService }: { authService: AuthService }): SessionResolver {
  return {
    fromRequest: async (ctx) => {
      const token = ctx.cookies.get(SESSION_COOKIE);
      return token ? authService.sessionFromToken(token) : undefined;
    },
  };
}

export function authRoutes({
  authService,
  captchaService,
  config,
}: {
  authService: AuthService;
  captchaService: CaptchaService;
  config: ConsoleConfig;
}): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/captcha',
      openDuringOperation: true,
      summary: 'A new verification code image (single use, 5 minutes)',
      access: 'public',
      handler: async () => ({ rows: [await captchaService.create()] }),
    }),
    defineRoute({
      method: 'post',
      path: '/user/login',
      openDuringOperation: true,
      summary: 'Sign in with email or user name, password and verification code',
      access: 'public',
      body: loginBody,
      handler: async ({ body, ctx }) => {
        const { token, session } = await authService.login(body, clientAddress(ctx));
        // Who signed in, for what watches calls (the operation log).
        ctx.state.session = session;
        ctx.cookies.set(SESSION_COOKIE, token, {
          httpOnly: true,
          sameSite: 'lax',
          secure: ctx.secure,
          overwrite: true,
        });
        return { rows: [session.login] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/user/logout',
      openDuringOperation: true,
      summary: 'Sign out',
      access: 'person',
      handler: async ({ session, ctx }) => {
        await authService.logout(session);
        ctx.cookies.set(SESSION_COOKIE, null);
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/homepage/init',
      openDuringOperation: true,
      summary: 'The signed-in user, resources and permission buttons (code 80000 when signed out)',
      access: 'session',
      handler: async ({ session }) => ({ rows: [session.login] }),
    }),
    defineRoute({
      method: 'post',
      path: '/enterTheEnterprise',
      summary: 'Enter an enterprise below the caller (id), or return to the own organization (null)',
      access: 'person',
      body: enterBody,
      handler: async ({ body, session }) => ({ rows: [(await authService.enter(session, body.id)).login] }),
    }),
    defineRoute({
      method: 'post',
      path: '/user/forgetPassword',
      summary: 'Send a password reset link to the account named by email or user name',
      access: 'public',
      query: forgetPasswordQuery,
      handler: async ({ query, ctx }) => {
        const { language } = ctx.state.request as RequestState;
        await authService.forgetPassword(query.name, config.publicUrl ?? ctx.origin, language);
        return { rows: [], messageKey: 'resetLinkSent' };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/user/resetPassword',
      summary: 'Set a new password with a reset token',
      access: 'public',
      body: resetPasswordBody,
      handler: async ({ body }) => {
        await authService.resetPassword(body.token, body.password, body.confirmPassword);
        return { rows: [], messageKey: 'passwordChanged' };
      },
    }),
  ];
}
