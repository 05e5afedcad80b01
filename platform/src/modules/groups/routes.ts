import { defineRoute, type RouteDefinition } from '../../http/route.js';
import { idQuery, idsBody } from '../sites/fleet-common.js';
import type { GroupService } from './group-service.js';
import {
  addGroupBody,
  groupDisplayBody,
  groupNameVerifyQuery,
  selectGroupBody,
  updateGroupBody,
} from './schemas.js';

export function groupRoutes({ groupService }: { groupService: GroupService }): RouteDefinition[] {
  const remove = (path: string) =>
    defineRoute({
      method: 'delete',
      path,
      summary: 'Delete groups with their memberships and parameters',
      access: { power: 'group', button: 'delete' },
      body: idsBody,
      handler: async ({ body, session }) => {
        await groupService.remove(session.scope, body.ids);
        return { rows: [] };
      },
    });
  return [
    defineRoute({
      method: 'post',
      path: '/tb-group-template/selectGroup',
      summary: 'Paged groups: name filter, site subtree, sort (default createTime asc)',
      access: { power: 'group' },
      body: selectGroupBody,
      handler: async ({ body, session }) => ({ rows: [await groupService.search(session.scope, body)] }),
    }),
    defineRoute({
      method: 'get',
      path: '/tb-group-template/selectGroupById',
      summary: 'One group with all its devices',
      access: { power: 'group' },
      query: idQuery,
      handler: async ({ query, session }) => ({ rows: [await groupService.get(session.scope, query.id)] }),
    }),
    defineRoute({
      method: 'get',
      path: '/tb-group-template/groupNameVerify',
      summary: 'Whether a group name is free in the organization (id: the group being edited)',
      access: { power: 'group' },
      query: groupNameVerifyQuery,
      handler: async ({ query, session }) => ({
        rows: [await groupService.nameAvailable(session.scope, query)],
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/tb-group-template/addNewGroup',
      summary: 'Add a group with at least one device',
      access: { power: 'group', button: 'add' },
      body: addGroupBody,
      handler: async ({ body, session }) => ({ rows: [await groupService.add(session.scope, body)] }),
    }),
    defineRoute({
      method: 'post',
      path: '/tb-group-template/updateGroup',
      summary: 'Rename a group and replace its devices',
      access: { power: 'group', button: 'edit' },
      body: updateGroupBody,
      handler: async ({ body, session }) => {
        await groupService.update(session.scope, body);
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/tb-group-template/groupDisplay',
      summary: 'A group’s devices, paged by MAC',
      access: { power: 'group' },
      body: groupDisplayBody,
      handler: async ({ body, session }) => ({ rows: [await groupService.members(session.scope, body)] }),
    }),
    defineRoute({
      method: 'get',
      path: '/tb-group-template/groupTempSelect',
      summary: 'Groups for pickers',
      access: { power: 'group' },
      handler: async ({ session }) => ({ rows: await groupService.options(session.scope) }),
    }),
    remove('/tb-group-template/deleteGroup'),
    remove('/tb-group-template/delete'),
  ];
}
