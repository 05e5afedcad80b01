import { RESOURCE_EXTENSIONS, RESOURCE_MAX_BYTES } from '@phonefleet/sdk';
import { AppError } from '../../http/envelope.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import { hasButton } from '../auth/session-info.js';
import type { FileStore } from '../files/file-store.js';
import { idQuery, idsBody } from '../sites/fleet-common.js';
import { callerOf } from '../tasks/routes.js';
import type { ResourceService } from './resource-service.js';
import { resourceFormBody, resourcePushBody, searchResourcesBody } from './schemas.js';

/** Other resources (docs/resources.md): power `otherResources`. */
export function resourceRoutes({
  resourceService,
  fileStore,
}: {
  resourceService: ResourceService;
  fileStore: FileStore;
}): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/tb-resource/search',
      summary: 'Paged resources of the caller’s sites: keywords, type, site subtree, sort',
      access: { power: 'otherResources' },
      body: searchResourcesBody,
      handler: async ({ body, session }) => ({ rows: [await resourceService.search(session.scope, body)] }),
    }),
    defineRoute({
      method: 'get',
      path: '/tb-resource/query',
      summary: 'One resource',
      access: { power: 'otherResources' },
      query: idQuery,
      handler: async ({ query, session }) => ({ rows: [await resourceService.get(session.scope, query.id)] }),
    }),
    defineRoute({
      method: 'post',
      path: '/tb-resource/addOrEdit',
      summary:
        'Add a resource with its file (multipart `file`, streamed into the file store; the type’s extensions and size, spec §5), or edit one (`id`)',
      // Only a role that may upload streams bytes in; a change also takes `edit` (checked below).
      access: { power: 'otherResources', button: 'upload' },
      upload: {
        maxBytes: RESOURCE_MAX_BYTES,
        extensions: RESOURCE_EXTENSIONS,
        store: fileStore,
        optional: true,
      },
      body: resourceFormBody,
      handler: async ({ body, file, session }) => {
        if (body.id !== undefined && !hasButton(session, 'otherResources', 'edit'))
          throw AppError.forbidden();
        return { rows: [await resourceService.save(session.scope, body, file)] };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/tb-resource/remove',
      summary: 'Delete resources with their files; refused while a task that has not finished uses one',
      access: { power: 'otherResources', button: 'delete' },
      body: idsBody,
      handler: async ({ body, session }) => {
        await resourceService.remove(session.scope, body.ids);
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/tb-resource/push',
      summary: 'Push a resource to devices: a type 8–13 task, success when the phone downloads the file',
      access: { power: 'otherResources', button: 'push' },
      body: resourcePushBody,
      handler: async ({ body, session, ctx }) => ({
        rows: [await resourceService.push(callerOf(session, ctx), body.resourceId, body)],
      }),
    }),
  ];
}
