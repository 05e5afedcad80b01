import type { ConsoleConfig } from '../../config.js';
import { AppError } from '../../http/envelope.js';
import { clientAddress, defineRoute, type RouteDefinition } from '../../http/route.js';
import type { PersonalService } from './personal-service.js';
import { updateEmailBody, updatePasswordBody, userInfoQuery, validateEmailBody } from './schemas.js';
import { linkOptions } from './user-routes.js';

/** Personal info: any signed-in user's own account (spec §2 /personnalInfo, /modifyEmail). */
export function personalRoutes({
  personalService,
  config,
}: {
  personalService: PersonalService;
  config: ConsoleConfig;
}): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/user/userInfo',
      summary:
        'The caller as a user row with its role and organisation names (id, if given, must be its own)',
      access: 'person',
      query: userInfoQuery,
      handler: async ({ query, session }) => {
        if (query.id !== undefined && query.id !== session.login.user.id) throw AppError.notFound();
        return { rows: [await personalService.info(session)] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/user/updatePassword',
      summary:
        'Change the caller’s password (the current one checked and throttled like sign-ins); its other sessions end',
      access: 'person',
      body: updatePasswordBody,
      handler: async ({ body, session, ctx }) => {
        await personalService.updatePassword(session, body, clientAddress(ctx));
        return { rows: [], messageKey: 'passwordChanged' };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/user/updateEmail',
      summary:
        'Send a confirmation link to a new email address, given the current password (the email changes when it is opened)',
      access: 'person',
      body: updateEmailBody,
      handler: async ({ body, session, ctx }) => {
        await personalService.updateEmail(session, body, linkOptions(ctx, config), clientAddress(ctx));
        return { rows: [], messageKey: 'emailConfirmSent' };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/user/validateEmailTime',
      summary: 'Open an email confirmation link: the account’s email becomes the new address',
      access: 'public',
      body: validateEmailBody,
      handler: async ({ body }) => {
        await personalService.confirmEmail(body.token);
        return { rows: [], messageKey: 'emailModified' };
      },
    }),
  ];
}
