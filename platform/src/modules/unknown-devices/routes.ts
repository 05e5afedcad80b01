import { defineRoute, type RouteDefinition } from '../../http/route.js';
import type { RequestState } from '../../http/server.js';
import { actorOf } from '../devices/routes.js';
import { unknownAddBody, unknownSearchBody } from './schemas.js';
import type { UnknownDeviceAdoption } from './unknown-device-adoption.js';
import type { UnknownDeviceList } from './unknown-device-list.js';

export function unknownDeviceRoutes({
  unknownDeviceList,
  unknownDeviceAdoption,
}: {
  unknownDeviceList: UnknownDeviceList;
  unknownDeviceAdoption: UnknownDeviceAdoption;
}): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/unknownDevice/search',
      summary:
        'Phones that asked for their configuration and were refused (the home page’s unknown devices), one row per MAC or address; keywords, reason, paged',
      access: { power: 'deviceManagement' },
      body: unknownSearchBody,
      handler: async ({ body, session }) => ({ rows: [await unknownDeviceList.search(session.scope, body)] }),
    }),
    defineRoute({
      method: 'get',
      path: '/unknownDevice/reasons',
      summary: 'Why the caller’s unknown devices were refused, with how many of them, for the list’s filter',
      access: { power: 'deviceManagement' },
      handler: async ({ session }) => ({ rows: await unknownDeviceList.reasons(session.scope) }),
    }),
    defineRoute({
      method: 'post',
      path: '/unknownDevice/add',
      summary:
        'Add unknown devices (list row ids) to a site, with the model and firmware their phones reported unless given; refused ones answered as rows with their message, totalRows = ids named',
      access: { power: 'deviceManagement', button: 'add' },
      body: unknownAddBody,
      handler: async ({ body, session, ctx }) => {
        const language = (ctx.state.request as RequestState).language;
        const { read, failed } = await unknownDeviceAdoption.add(
          session.scope,
          actorOf(session, ctx),
          body,
          language,
        );
        return {
          rows: failed,
          totalRows: read,
          messageKey: failed.length ? ('unknownPartlyAdded' as const) : ('success' as const),
        };
      },
    }),
  ];
}
