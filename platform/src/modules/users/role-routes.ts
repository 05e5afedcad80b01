import { AppError } from '../../http/envelope.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import { hasButton } from '../auth/session-info.js';
import { callerOf } from './caller.js';
import type { RoleService } from './role-service.js';
import { idQuery, idsBody, saveRoleBody, searchRolesBody } from './schemas.js';

/** Roles of the caller's organisation (power `user`, buttons add, edit, delete). */
export function roleRoutes({ roleService }: { roleService: RoleService }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/role/list',
      summary: 'The roles the caller may give a user: the built-in one of its type and its custom roles',
      access: { power: 'user' },
      handler: async ({ session }) => ({ rows: await roleService.givable(callerOf(session)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/role/queryPage',
      summary:
        'Paged roles: the built-in role of the caller’s type (read-only) and its organisation’s custom roles',
      access: { power: 'user' },
      body: searchRolesBody,
      handler: async ({ body, session }) => ({ rows: [await roleService.search(callerOf(session), body)] }),
    }),
    defineRoute({
      method: 'get',
      path: '/role/query',
      summary: 'One role with its function permissions',
      access: { power: 'user' },
      query: idQuery,
      handler: async ({ query, session }) => ({ rows: [await roleService.get(callerOf(session), query.id)] }),
    }),
    defineRoute({
      method: 'get',
      path: '/role/allResources',
      summary: 'What a custom role may hold: the caller’s own resources with the buttons it holds',
      access: { power: 'user' },
      handler: async ({ session }) => ({ rows: await roleService.grantable(callerOf(session)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/role/save',
      summary:
        'Add (no id, button add) or edit (button edit) a custom role; its users get it on their next request',
      access: { power: 'user' },
      body: saveRoleBody,
      handler: async ({ body, session }) => {
        if (!hasButton(session, 'user', body.id === undefined ? 'add' : 'edit')) throw AppError.forbidden();
        return { rows: [await roleService.save(callerOf(session), body)] };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/role/remove',
      summary: 'Delete custom roles; refused whole for a built-in role or a role in use',
      access: { power: 'user', button: 'delete' },
      body: idsBody,
      handler: async ({ body, session }) => {
        await roleService.remove(callerOf(session), body.ids);
        return { rows: [] };
      },
    }),
  ];
}
