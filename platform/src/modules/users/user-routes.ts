import type { Context } from 'koa';
import type { ConsoleConfig } from '../../config.js';
import { AppError } from '../../http/envelope.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import type { RequestState } from '../../http/server.js';
import { callerOf } from './caller.js';
import {
  addUserBody,
  idBody,
  idsBody,
  type SendEmailType,
  searchUsersBody,
  sendEmailTypes,
  updateUserBody,
} from './schemas.js';
import type { LinkOptions } from './user-rows.js';
import type { UserService } from './user-service.js';

/** Where an emailed link points (the public URL, else the request's origin) and its email's language. */
export function linkOptions(ctx: Context, config: ConsoleConfig): LinkOptions {
  return {
    publicUrl: config.publicUrl ?? ctx.origin,
    language: (ctx.state.request as RequestState).language,
  };
}

function isSendEmailType(value: string | undefined): value is SendEmailType {
  return sendEmailTypes.some((type) => type === value);
}

/** The user list of the caller's organisation (power `user`, buttons add, edit, delete, forbid). */
export function userRoutes({
  userService,
  config,
}: {
  userService: UserService;
  config: ConsoleConfig;
}): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/user/queryAllUser',
      summary: 'Paged users of the caller’s organisation (keywords over user name and email)',
      access: { power: 'user' },
      body: searchUsersBody,
      handler: async ({ body, session }) => ({ rows: [await userService.search(callerOf(session), body)] }),
    }),
    defineRoute({
      method: 'post',
      path: '/user/addUser',
      summary: 'Add a sub-user with a role and sites; it is emailed its activation link',
      access: { power: 'user', button: 'add' },
      body: addUserBody,
      handler: async ({ body, session, ctx }) => ({
        rows: [await userService.add(callerOf(session), body, linkOptions(ctx, config))],
        messageKey: 'activationSent',
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/user/updateUser',
      summary: 'Edit a user’s name, email, role and sites (absent siteIds: unchanged)',
      access: { power: 'user', button: 'edit' },
      body: updateUserBody,
      handler: async ({ body, session, ctx }) => {
        await userService.update(callerOf(session), body, linkOptions(ctx, config));
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/user/forbid',
      summary: 'Forbid users: inactivated, their sessions and unused links end at once',
      access: { power: 'user', button: 'forbid' },
      body: idsBody,
      handler: async ({ body, session }) => {
        await userService.forbid(callerOf(session), body.ids);
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/user/active',
      summary: 'Activate forbidden users again (only users who have set a password)',
      access: { power: 'user', button: 'forbid' },
      body: idsBody,
      handler: async ({ body, session }) => {
        await userService.activate(callerOf(session), body.ids);
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/user/remove',
      summary: 'Delete users (never the caller or the organisation’s first user)',
      access: { power: 'user', button: 'delete' },
      body: idsBody,
      handler: async ({ body, session }) => {
        await userService.remove(callerOf(session), body.ids);
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/user/sendEmail/:type',
      summary: 'Email a user its activation link (type activate) or a password reset link (type reset)',
      access: { power: 'user', button: 'edit' },
      body: idBody,
      handler: async ({ body, params, session, ctx }) => {
        const type = params.type;
        if (!isSendEmailType(type)) throw AppError.invalid('invalidFormat', 'type');
        await userService.sendLink(callerOf(session), type, body.id, linkOptions(ctx, config));
        return { rows: [], messageKey: type === 'activate' ? 'activationSent' : 'resetLinkSent' };
      },
    }),
  ];
}
