import { AlarmStatus } from '@phonefleet/sdk';
import type { Context } from 'koa';
import { z } from 'zod';
import { AppError } from '../../http/envelope.js';
import { defineRoute, emptyObject, type RouteDefinition } from '../../http/route.js';
import type { RequestState } from '../../http/server.js';
import { sendXlsx } from '../../http/xlsx.js';
import { hasButton } from '../auth/session-info.js';
import type { LiveService } from '../live/live-service.js';
import { idField, idQuery, idsBody } from '../sites/fleet-common.js';
import type { AlarmService } from './alarm-service.js';
import {
  alarmFilters,
  searchAlarmsBody,
  searchStrategiesBody,
  strategyBody,
  strategyStatusBody,
} from './schemas.js';
import type { StrategyService } from './strategy-service.js';

const languageOf = (ctx: Context) => (ctx.state.request as RequestState).language;
const read = { power: 'alarmList', button: 'read' } as const;
const list = { power: 'alarmList', button: 'delete' } as const;
const someIds = z.object({ ids: z.array(idField).min(1).max(1000) });

/** The alarm list (power `alarmList`) and alarm strategies (power `alarmStrategy`): docs/alarms.md. */
export function alarmRoutes({
  alarmService,
  strategyService,
  liveService,
}: {
  alarmService: AlarmService;
  strategyService: StrategyService;
  liveService: LiveService;
}): RouteDefinition[] {
  const changeStatus = (path: string, status: AlarmStatus, summary: string, ids: boolean) =>
    defineRoute({
      method: 'post',
      path,
      summary,
      access: read,
      body: ids ? someIds : emptyObject,
      handler: async ({ body, session }) => {
        const changed = await alarmService.setStatus(
          session.scope,
          'ids' in body ? (body.ids as number[]) : undefined,
          status,
        );
        liveService.publish({ orgIds: [session.scope.orgId] }, { name: 'alarms' });
        return { rows: [{ changed }] };
      },
    });
  return [
    defineRoute({
      method: 'post',
      path: '/alarm/search',
      summary: 'Alarms of the caller’s scope, newest first, with filters',
      access: { power: 'alarmList' },
      body: searchAlarmsBody,
      handler: async ({ body, session, ctx }) => ({
        rows: [await alarmService.search(session.scope, body, languageOf(ctx))],
      }),
    }),
    changeStatus('/alarm/read', AlarmStatus.read, 'Mark alarms read', true),
    changeStatus('/alarm/readAll', AlarmStatus.read, 'Mark every unread alarm read', false),
    changeStatus('/alarm/resolve', AlarmStatus.resolved, 'Mark alarms resolved', true),
    changeStatus('/alarm/ignore', AlarmStatus.ignored, 'Ignore alarms', true),
    defineRoute({
      method: 'delete',
      path: '/alarm/remove',
      summary: 'Delete alarms',
      access: list,
      body: idsBody,
      handler: async ({ body, session }) => {
        const removed = await alarmService.remove(session.scope, body.ids);
        liveService.publish({ orgIds: [session.scope.orgId] }, { name: 'alarms' });
        return { rows: [{ removed }] };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/alarm/removeRead',
      summary: 'Delete every alarm that is not unread',
      access: list,
      body: emptyObject,
      handler: async ({ session }) => {
        const removed = await alarmService.remove(session.scope, undefined);
        liveService.publish({ orgIds: [session.scope.orgId] }, { name: 'alarms' });
        return { rows: [{ removed }] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/alarm/export',
      summary: 'The alarm list for the same filters, as xlsx (at most 100,000, newest first)',
      access: { power: 'alarmList', button: 'export' },
      body: alarmFilters,
      handler: async ({ body, session, ctx }) =>
        sendXlsx(ctx, 'alarms.xlsx', await alarmService.exportWorkbook(session.scope, body, languageOf(ctx))),
    }),
    defineRoute({
      method: 'post',
      path: '/alarm-strategy/search',
      summary: 'The caller’s organisation’s alarm strategies',
      access: { power: 'alarmStrategy' },
      body: searchStrategiesBody,
      handler: async ({ body, session }) => ({ rows: [await strategyService.search(session.scope, body)] }),
    }),
    defineRoute({
      method: 'get',
      path: '/alarm-strategy/query',
      summary: 'One alarm strategy, as the wizard edits it',
      access: { power: 'alarmStrategy' },
      query: idQuery,
      handler: async ({ query, session }) => ({ rows: [await strategyService.get(session.scope, query.id)] }),
    }),
    defineRoute({
      method: 'get',
      path: '/alarm-strategy/receivers',
      summary: 'Users of the caller’s organisation a strategy may notify',
      access: { power: 'alarmStrategy' },
      handler: async ({ session }) => ({ rows: await strategyService.receivers(session.scope) }),
    }),
    defineRoute({
      method: 'post',
      path: '/alarm-strategy/addOrEdit',
      summary: 'Add an alarm strategy, or edit one (with `id`)',
      // The button is the one the call uses: `add` without an id, `edit` with one.
      access: { power: 'alarmStrategy' },
      body: strategyBody,
      handler: async ({ body, session }) => {
        if (!hasButton(session, 'alarmStrategy', body.id === undefined ? 'add' : 'edit'))
          throw AppError.forbidden();
        return { rows: [await strategyService.save(session.scope, body)] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/alarm-strategy/status',
      summary: 'Switch an alarm strategy on (1) or off (0)',
      access: { power: 'alarmStrategy', button: 'edit' },
      body: strategyStatusBody,
      handler: async ({ body, session }) => {
        await strategyService.setStatus(session.scope, body.id, body.status);
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/alarm-strategy/remove',
      summary: 'Delete alarm strategies',
      access: { power: 'alarmStrategy', button: 'delete' },
      body: idsBody,
      handler: async ({ body, session }) => ({
        rows: [{ removed: await strategyService.remove(session.scope, body.ids) }],
      }),
    }),
  ];
}
