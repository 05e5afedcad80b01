import type { Context } from 'koa';
import type { ConsoleConfig } from '../../config.js';
import { AppError } from '../../http/envelope.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import type { RequestState } from '../../http/server.js';
import { sendXlsx } from '../../http/xlsx.js';
import { hasButton, type SessionInfo } from '../auth/session-info.js';
import { idQuery } from '../sites/fleet-common.js';
import type { OrganisationEntering } from './entering.js';
import { channelWorkbook, EXPORT_MAX_ROWS, enterpriseWorkbook } from './export.js';
import type { OrganisationNotifications } from './notifications.js';
import type { LinkContext, OrganisationCreation } from './organisation-creation.js';
import type { OrganisationRemoval } from './organisation-removal.js';
import type { OrganisationService } from './organisation-service.js';
import {
  authorizationBody,
  channelBody,
  channelUpdateBody,
  enterpriseBody,
  enterpriseUpdateBody,
  notificationBody,
  optionsBody,
  organisationFilters,
  organisationIds,
  organisationSearch,
} from './schemas.js';

interface Deps {
  config: ConsoleConfig;
  organisationService: OrganisationService;
  organisationCreation: OrganisationCreation;
  organisationRemoval: OrganisationRemoval;
  organisationNotifications: OrganisationNotifications;
  organisationEntering: OrganisationEntering;
}

function languageOf(ctx: Context) {
  return (ctx.state.request as RequestState).language;
}

function linksOf(config: ConsoleConfig, ctx: Context): LinkContext {
  return { publicUrl: config.publicUrl ?? ctx.origin, language: languageOf(ctx) };
}

/** The calls both kinds share, under `/tb-channel/…` or `/tb-enterprise/…`. */
function sharedRoutes(kind: 'channel' | 'enterprise', deps: Deps): RouteDefinition[] {
  const { organisationService, organisationRemoval, organisationNotifications } = deps;
  const power = kind === 'channel' ? 'channelManagement' : 'enterpriseManagement';
  const base = `/tb-${kind}`;
  const plural = kind === 'channel' ? 'channels' : 'enterprises';
  return [
    defineRoute({
      method: 'post',
      path: `${base}/search`,
      summary: `Paged list of the ${plural} below the caller's organisation (keywords over name, email, contact)`,
      access: { power },
      body: organisationSearch,
      handler: async ({ body, session }) => ({
        rows: [await organisationService.search(session.scope, kind, body)],
      }),
    }),
    defineRoute({
      method: 'get',
      path: `${base}/query`,
      summary: `One ${kind} (list row)`,
      access: { power },
      query: idQuery,
      handler: async ({ query, session }) => ({
        rows: [await organisationService.get(session.scope, kind, query.id)],
      }),
    }),
    defineRoute({
      method: 'post',
      path: `${base}/freeze`,
      summary: `Freeze ${plural} and everything below them: no sign-in, open sessions end`,
      access: { power, button: 'freeze' },
      body: organisationIds,
      handler: async ({ body, session }) => {
        await organisationService.freeze(session.scope, kind, body.ids);
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'post',
      path: `${base}/unfreeze`,
      summary: `Unfreeze ${plural} (normal, or inactivated while no user has activated)`,
      access: { power, button: 'freeze' },
      body: organisationIds,
      handler: async ({ body, session }) => {
        await organisationService.unfreeze(session.scope, kind, body.ids);
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'delete',
      path: `${base}/remove`,
      summary: `Delete ${plural} with their users, roles and sites; refused while one has organisations below it or data`,
      access: { power, button: 'delete' },
      body: organisationIds,
      handler: async ({ body, session }) => ({
        rows: [await organisationRemoval.remove(session.scope, kind, body.ids)],
      }),
    }),
    defineRoute({
      method: 'post',
      path: `${base}/export`,
      summary: `The ${kind} list for the same filters and order as the search, as xlsx (at most 100,000)`,
      access: { power, button: 'export' },
      body: organisationFilters,
      handler: async ({ body, session, ctx }) => {
        const language = languageOf(ctx);
        const file =
          kind === 'channel'
            ? await channelWorkbook(
                await organisationService.all(session.scope, 'channel', body, EXPORT_MAX_ROWS),
                language,
              )
            : await enterpriseWorkbook(
                await organisationService.all(session.scope, 'enterprise', body, EXPORT_MAX_ROWS),
                language,
              );
        return sendXlsx(ctx, `${plural}.xlsx`, file);
      },
    }),
    defineRoute({
      method: 'post',
      path: `${base}/sendEmail`,
      summary: `Queue a notification email to each ${kind}'s register email → { queued }`,
      access: { power, button: 'sendEmail' },
      body: notificationBody,
      handler: async ({ body, session }) => ({
        rows: [await organisationNotifications.send(session.scope, kind, body)],
      }),
    }),
  ];
}

/** Access 'session', answered for administrator and channel users only (anyone else: an empty list). */
function mayEnter(session: SessionInfo): boolean {
  return session.login.user.userType === 'admin' || session.login.user.userType === 'channel';
}

export function organisationRoutes(deps: Deps): RouteDefinition[] {
  const { config, organisationService, organisationCreation, organisationEntering } = deps;
  return [
    defineRoute({
      method: 'post',
      path: '/tb-channel/add',
      summary:
        'Add a channel (a sub-channel when parentId names one): its first user gets an activation email',
      access: { power: 'channelManagement', button: 'add' },
      body: channelBody,
      handler: async ({ body, session, ctx }) => ({
        rows: [
          await organisationCreation.create(
            session.scope,
            { kind: 'channel', input: body },
            linksOf(config, ctx),
          ),
        ],
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/tb-channel/update',
      summary:
        'Edit a channel (a new register email re-sends the activation while its first user is inactivated)',
      access: { power: 'channelManagement', button: 'edit' },
      body: channelUpdateBody,
      handler: async ({ body, session, ctx }) => {
        await organisationService.update(
          session.scope,
          { kind: 'channel', input: body },
          linksOf(config, ctx),
        );
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/tb-enterprise/add',
      summary:
        'Add an enterprise under a channel of the caller (or its own organisation): its first user gets an activation email',
      access: { power: 'enterpriseManagement', button: 'add' },
      body: enterpriseBody,
      handler: async ({ body, session, ctx }) => ({
        rows: [
          await organisationCreation.create(
            session.scope,
            { kind: 'enterprise', input: body },
            linksOf(config, ctx),
          ),
        ],
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/tb-enterprise/update',
      summary:
        'Edit an enterprise (a new register email re-sends the activation while its first user is inactivated)',
      access: { power: 'enterpriseManagement', button: 'edit' },
      body: enterpriseUpdateBody,
      handler: async ({ body, session, ctx }) => {
        await organisationService.update(
          session.scope,
          { kind: 'enterprise', input: body },
          linksOf(config, ctx),
        );
        return { rows: [] };
      },
    }),
    ...sharedRoutes('channel', deps),
    ...sharedRoutes('enterprise', deps),
    defineRoute({
      method: 'post',
      path: '/allEnterprise',
      summary: 'Enterprises the caller may enter (administrator: all; channel: those that authorized it)',
      access: 'session',
      body: optionsBody,
      handler: async ({ body, session }) => ({
        rows: mayEnter(session)
          ? await organisationEntering.enterprises(session.login.user.id, body.keywords)
          : [],
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/allChannel',
      summary: 'Channels below the caller’s organisation (administrator and channel users)',
      access: 'session',
      body: optionsBody,
      handler: async ({ body, session }) => ({
        rows: mayEnter(session)
          ? await organisationEntering.channels(session.login.user.id, body.keywords)
          : [],
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/tb-channel-enter/getUserTrees',
      summary:
        'Channels with their sub-channels and enterprises below the caller, each saying whether it may be entered',
      access: 'session',
      handler: async ({ session }) => ({
        rows: mayEnter(session) ? await organisationEntering.trees(session.login.user.id) : [],
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/tb-authorization/query',
      summary: 'The enterprise’s superior channel and whether it has authorized the channels above it',
      access: { power: 'authorizedChannels' },
      handler: async ({ session }) => ({
        rows: [await organisationEntering.authorization(session.login.user.id)],
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/tb-authorization/save',
      summary:
        'Authorize the channels above the enterprise (button authorize) or withdraw it (button cancel)',
      access: { power: 'authorizedChannels' },
      body: authorizationBody,
      handler: async ({ body, session }) => {
        if (!hasButton(session, 'authorizedChannels', body.authorized ? 'authorize' : 'cancel')) {
          throw AppError.forbidden();
        }
        return { rows: [await organisationEntering.authorize(session.login.user.id, body.authorized)] };
      },
    }),
  ];
}
