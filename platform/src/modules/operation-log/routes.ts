import type { Context } from 'koa';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import type { RequestState } from '../../http/server.js';
import { sendXlsx } from '../../http/xlsx.js';
import type { SessionInfo } from '../auth/session-info.js';
import type { OperationLogService, Reader } from './operation-log-service.js';
import { exportBody, retentionBody, searchBody } from './schemas.js';

const languageOf = (ctx: Context) => (ctx.state.request as RequestState).language;

/** What the caller may read of the log (docs/operation-log.md "Who sees what"). */
const readerOf = (session: SessionInfo): Reader => ({
  scope: session.scope,
  onlyUserName: session.scope.siteLimited ? session.login.user.userName : undefined,
});

/** The operation log (spec §2 System "/syslog", power `syslog`): docs/operation-log.md. */
export function operationLogRoutes({
  operationLogService,
}: {
  operationLogService: OperationLogService;
}): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/syslog/search',
      summary: 'Operation log records of the caller’s scope, newest first, with filters',
      access: { power: 'syslog' },
      body: searchBody,
      handler: async ({ body, session, ctx }) => ({
        rows: [await operationLogService.search(readerOf(session), body, languageOf(ctx))],
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/syslog/export',
      summary:
        'Operation log records of a range (1d, 7d, custom, all) and the filters, as xlsx (at most 100,000)',
      access: { power: 'syslog', button: 'export' },
      body: exportBody,
      handler: async ({ body, session, ctx }) =>
        sendXlsx(
          ctx,
          'syslog.xlsx',
          await operationLogService.export(readerOf(session), body, languageOf(ctx)),
        ),
    }),
    defineRoute({
      method: 'get',
      path: '/syslog/retention',
      summary: 'How many days operation log records are kept',
      access: { power: 'syslog' },
      handler: async () => ({ rows: [await operationLogService.retention()] }),
    }),
    defineRoute({
      method: 'post',
      path: '/syslog/retention',
      summary: 'Set how many days operation log records are kept (1–3650; the platform administrator only)',
      access: { power: 'syslog' },
      body: retentionBody,
      handler: async ({ body, session }) => ({
        rows: [await operationLogService.setRetention(session.scope, body.retentionDays)],
      }),
    }),
  ];
}
