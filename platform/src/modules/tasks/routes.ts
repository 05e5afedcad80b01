import { downloadKindOfTask } from '@phonefleet/sdk';
import type { Context } from 'koa';
import { AppError } from '../../http/envelope.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import type { RequestState } from '../../http/server.js';
import type { SessionInfo } from '../auth/session-info.js';
import {
  deviceIdQuery,
  deviceIdsBody,
  deviceTaskHistoryBody,
  globalPushBody,
  macPushQuery,
  pushBody,
  type TaskAdd,
  TaskType,
  taskAddBody,
  taskIdBody,
  taskIdQuery,
  taskIdsBody,
  taskResultsBody,
  taskSearchBody,
  taskUpdateBody,
} from './schemas.js';
import type { Caller, TaskRequest, TaskService } from './task-service.js';

function request(ctx: Context): RequestState {
  return ctx.state.request as RequestState;
}

/** The caller a task is created for: scope, user and the zone of its `Timezone` header. */
export function callerOf(session: SessionInfo, ctx: Context): Caller {
  return {
    scope: session.scope,
    userId: session.login.user.id,
    zoneOffsetMinutes: request(ctx).zoneOffsetMinutes,
  };
}

async function taskRequest(taskService: TaskService, caller: Caller, body: TaskAdd): Promise<TaskRequest> {
  // A firmware or resource task names its file: it is made from the firmware or resource list.
  if (downloadKindOfTask(body.type)) throw AppError.invalid('taskTypeFromItsList', `type ${body.type}`);
  let targets = taskService.targetsOf(body);
  if (targets.kind === 'devices') {
    targets = {
      kind: 'devices',
      deviceIds: await taskService.resolveDevices(caller.scope, body.deviceIds ?? [], body.macs ?? []),
    };
  }
  return {
    type: body.type,
    schedule: body,
    targets,
    params: body.params,
  };
}

/** `a,b;c` → ['a', 'b', 'c'] (query parameters of /tb-mac/push). */
function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[,;\s]+/)
    .map((item) => item.trim())
    .filter(Boolean);
}

const relationPushes = [
  { prefix: '/modeltemplate', relation: 'model', power: 'model' },
  { prefix: '/tb-group-template', relation: 'group', power: 'group' },
  { prefix: '/tb-site-template', relation: 'site', power: 'site' },
] as const;

export function taskRoutes({ taskService }: { taskService: TaskService }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/task/search',
      summary: 'Task list, newest first, with the current run’s device counts',
      access: { power: 'task' },
      body: taskSearchBody,
      handler: async ({ body, session }) => ({ rows: [await taskService.search(session.scope, body)] }),
    }),
    defineRoute({
      method: 'post',
      path: '/task/add',
      summary: 'Create a task (spec §5 validation); immediate tasks start at once',
      access: { power: 'task', button: 'add' },
      body: taskAddBody,
      handler: async ({ body, session, ctx }) => {
        const caller = callerOf(session, ctx);
        const created = await taskService.create(caller, await taskRequest(taskService, caller, body));
        return { rows: [created] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/task/update',
      summary: 'Edit a scheduled or paused task; its current run starts over with the new devices',
      access: { power: 'task', button: 'edit' },
      body: taskUpdateBody,
      handler: async ({ body, session, ctx }) => {
        const caller = callerOf(session, ctx);
        await taskService.update(caller, body.id, await taskRequest(taskService, caller, body));
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/task/query',
      summary: 'One task with its schedule, parameters and the device ids of its current run',
      access: { power: 'task' },
      query: taskIdQuery,
      handler: async ({ query, session }) => ({ rows: [await taskService.query(session.scope, query.id)] }),
    }),
    defineRoute({
      method: 'post',
      path: '/task/start',
      summary: 'Run a scheduled task now, or resume a paused one',
      access: { power: 'task', button: 'start' },
      body: taskIdBody,
      handler: async ({ body, session }) => {
        await taskService.start(session.scope, body.id);
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/task/pause',
      summary: 'Pause a scheduled or ongoing task: no further NOTIFYs',
      access: { power: 'task', button: 'pause' },
      body: taskIdBody,
      handler: async ({ body, session }) => {
        await taskService.pause(session.scope, body.id);
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/task/cancel',
      summary: 'Cancel a scheduled, ongoing or paused task; unfinished devices become cancelled',
      access: { power: 'task', button: 'pause' },
      body: taskIdBody,
      handler: async ({ body, session }) => {
        await taskService.cancel(session.scope, body.id);
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/task/runAgain',
      summary: 'Run a finished or cancelled task again now, for the same devices',
      access: { power: 'task', button: 'runAgain' },
      body: taskIdBody,
      handler: async ({ body, session }) => {
        await taskService.runAgain(session.scope, body.id);
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/task/remove',
      summary: 'Delete tasks that are not ongoing (all or none)',
      access: { power: 'task', button: 'delete' },
      body: taskIdsBody,
      handler: async ({ body, session }) => {
        await taskService.remove(session.scope, body.ids);
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/task/results',
      summary: 'Per-device results of a task’s run with counts per result (poll every 2 s)',
      access: { power: 'task' },
      body: taskResultsBody,
      handler: async ({ body, session, ctx }) => ({
        rows: [await taskService.results(session.scope, body, request(ctx).language)],
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/device/taskHistory',
      summary: 'A device’s task results, newest first',
      access: { power: 'deviceManagement' },
      body: deviceTaskHistoryBody,
      handler: async ({ body, session, ctx }) => ({
        rows: [await taskService.deviceHistory(session.scope, body.id, body, request(ctx).language)],
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/device/deviceConfigUpdate',
      summary: 'Push one device’s configuration now (SIP NOTIFY check-sync; success on its next fetch)',
      access: { power: 'deviceManagement', button: 'setParam' },
      query: deviceIdQuery,
      handler: async ({ query, session, ctx }) => ({
        rows: [await taskService.pushDevice(callerOf(session, ctx), query.id)],
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/device/configPush',
      summary:
        'Push the configuration of the listed devices now (a device configuration task, type 14: NOTIFY check-sync, success on each one’s next fetch)',
      access: { power: 'deviceManagement', button: 'setParam' },
      body: deviceIdsBody,
      handler: async ({ body, session, ctx }) => {
        const caller = callerOf(session, ctx);
        const ids = await taskService.resolveDevices(caller.scope, body.ids, []);
        return {
          rows: [
            await taskService.immediate(
              caller,
              TaskType.deviceConfig,
              ids,
              `Device configuration: ${ids.length} device(s)`,
              {
                relationName: 'device',
              },
            ),
          ],
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/device/deviceReboot',
      summary: 'Reboot devices now (a reboot task, type 1)',
      access: { power: 'deviceManagement', button: 'reboot' },
      body: deviceIdsBody,
      handler: async ({ body, session, ctx }) => {
        const caller = callerOf(session, ctx);
        const ids = await taskService.resolveDevices(caller.scope, body.ids, []);
        return {
          rows: [await taskService.immediate(caller, TaskType.reboot, ids, `Reboot ${ids.length} device(s)`)],
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/device/factoryReset',
      summary: 'Factory-reset devices now (type 2); refused for models whose driver has no reset event',
      access: { power: 'deviceManagement', button: 'factoryReset' },
      body: deviceIdsBody,
      handler: async ({ body, session, ctx }) => {
        const caller = callerOf(session, ctx);
        const ids = await taskService.resolveDevices(caller.scope, body.ids, []);
        return {
          rows: [
            await taskService.immediate(
              caller,
              TaskType.factoryReset,
              ids,
              `Factory reset ${ids.length} device(s)`,
            ),
          ],
        };
      },
    }),
    ...relationPushes.flatMap(({ prefix, relation, power }) =>
      ['push', 'scheduleUpdate'].map((action) =>
        defineRoute({
          method: 'post',
          path: `${prefix}/${action}`,
          summary: `Push the ${relation} configuration to the devices it affects (a task, type ${relation === 'model' ? 4 : relation === 'group' ? 5 : 6}); immediate, scheduled or repeating`,
          access: { power, button: 'push' },
          body: pushBody,
          handler: async ({ body, session, ctx }) => ({
            rows: [await taskService.pushRelation(callerOf(session, ctx), relation, body)],
          }),
        }),
      ),
    ),
    defineRoute({
      method: 'post',
      path: '/global/push',
      summary: 'Push the global configuration to every device of the caller’s organization (type 7)',
      access: { power: 'global', button: 'push' },
      body: globalPushBody,
      handler: async ({ body, session, ctx }) => ({
        rows: [await taskService.pushRelation(callerOf(session, ctx), 'global', body)],
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/tb-mac/push',
      summary: 'Push the configuration of devices named by MAC (`macs`) or id (`ids`), comma-separated',
      access: { power: 'MAC', button: 'push' },
      query: macPushQuery,
      handler: async ({ query, session, ctx }) => {
        const caller = callerOf(session, ctx);
        const ids = list(query.ids).map(Number);
        if (ids.some((id) => !Number.isInteger(id) || id <= 0))
          throw AppError.invalid('invalidFormat', 'ids');
        const deviceIds = await taskService.resolveDevices(caller.scope, ids, list(query.macs));
        return {
          rows: [
            await taskService.immediate(
              caller,
              TaskType.deviceConfig,
              deviceIds,
              `MAC configuration: ${deviceIds.length} device(s)`,
              { relationName: 'mac' },
            ),
          ],
        };
      },
    }),
  ];
}
