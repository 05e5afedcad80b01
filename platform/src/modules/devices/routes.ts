import type { Context } from 'koa';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import type { RequestState } from '../../http/server.js';
import type { SessionInfo } from '../auth/session-info.js';
import type { DeviceInventoryService } from './device-inventory-service.js';
import type { Actor } from './device-log.js';
import type { DeviceService } from './device-service.js';
import {
  deviceFieldsBody,
  deviceIdBody,
  deviceIdQuery,
  deviceIdsBody,
  deviceMatchingBody,
  deviceSearchBody,
  deviceUpdateBody,
  operationLogBody,
  siteAssignBody,
  verifyMacQuery,
} from './schemas.js';

/** The user and client address the operation log records. */
export function actorOf(session: SessionInfo, ctx: Context): Actor {
  return { userName: session.login.user.userName, ip: ctx.ip };
}

export function deviceRoutes({
  deviceService,
  deviceInventoryService: inventory,
}: {
  deviceService: DeviceService;
  deviceInventoryService: DeviceInventoryService;
}): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/device/search',
      summary:
        'Device list: keywords, site subtree, models, group; sorted and paged on indexes (keyset via cursor); total exact up to 10,000',
      access: { power: 'deviceManagement' },
      body: deviceSearchBody,
      handler: async ({ body, session }) => ({ rows: [await deviceService.search(session.scope, body)] }),
    }),
    defineRoute({
      method: 'post',
      path: '/device/matchingIds',
      summary:
        'The ids of every device a /device/search filter matches (by MAC), for "select all matching"; more than 100,000 is refused',
      access: { power: 'deviceManagement' },
      body: deviceMatchingBody,
      handler: async ({ body, session }) => ({
        rows: [await deviceService.matchingIds(session.scope, body)],
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/device/add',
      summary: 'Add a device to a site (the device belongs to the site’s organization)',
      access: { power: 'deviceManagement', button: 'add' },
      body: deviceFieldsBody,
      handler: async ({ body, session, ctx }) => ({
        rows: [await inventory.add(session.scope, actorOf(session, ctx), body)],
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/device/update',
      summary: 'Edit a device (the MAC cannot change; a device with a SIP account keeps its site)',
      access: { power: 'deviceManagement', button: 'edit' },
      body: deviceUpdateBody,
      handler: async ({ body, session, ctx }) => {
        await inventory.update(session.scope, actorOf(session, ctx), body);
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/device/query',
      summary: 'One device: the list fields plus S/N and bound SIP account',
      access: { power: 'deviceManagement' },
      query: deviceIdQuery,
      handler: async ({ query, session }) => ({ rows: [await inventory.query(session.scope, query.id)] }),
    }),
    defineRoute({
      method: 'get',
      path: '/device/verifyMac',
      summary: 'Whether a MAC address is already registered',
      access: { power: 'deviceManagement' },
      query: verifyMacQuery,
      handler: async ({ query }) => ({ rows: [await inventory.verifyMac(query.macAddress)] }),
    }),
    defineRoute({
      method: 'delete',
      path: '/device/removeBatch',
      summary: 'Delete devices with their groups memberships, device parameters and bound SIP accounts',
      access: { power: 'deviceManagement', button: 'delete' },
      body: deviceIdsBody,
      handler: async ({ body, session }) => ({
        rows: [await inventory.removeBatch(session.scope, body.ids)],
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/device/siteAssign',
      summary: 'Transfer devices to a site; refused while any of them has a SIP account',
      access: { power: 'deviceManagement', button: 'transfer' },
      body: siteAssignBody,
      handler: async ({ body, session, ctx }) => {
        await inventory.siteAssign(session.scope, actorOf(session, ctx), body.ids, body.siteId);
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/device/enablePushConfig',
      summary: 'Let the devices be provisioned again',
      access: { power: 'deviceManagement', button: 'edit' },
      body: deviceIdsBody,
      handler: async ({ body, session, ctx }) => {
        await inventory.setPush(session.scope, actorOf(session, ctx), body.ids, true);
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/device/disablePushConfig',
      summary: 'Stop provisioning the devices (changes are saved only)',
      access: { power: 'deviceManagement', button: 'edit' },
      body: deviceIdsBody,
      handler: async ({ body, session, ctx }) => {
        await inventory.setPush(session.scope, actorOf(session, ctx), body.ids, false);
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/device/details',
      summary: 'What the device reports: versions, last reboot, addresses',
      access: { power: 'deviceManagement' },
      body: deviceIdBody,
      handler: async ({ body, session }) => ({ rows: [await inventory.details(session.scope, body.id)] }),
    }),
    defineRoute({
      method: 'post',
      path: '/device/operationLog',
      summary: 'Who changed the device, from where and how; newest first',
      access: { power: 'deviceManagement' },
      body: operationLogBody,
      handler: async ({ body, session, ctx }) => ({
        rows: [
          await inventory.operationLog(
            session.scope,
            body.id,
            body,
            (ctx.state.request as RequestState).language,
          ),
        ],
      }),
    }),
  ];
}
