import { defineRoute, type RouteDefinition } from '../../http/route.js';
import { callerOf } from '../users/caller.js';
import type { RoleService } from '../users/role-service.js';
import type { CredentialService } from './credential-service.js';
import { addCredentialBody, credentialIdBody } from './schemas.js';

const POWER = 'apiService';

/** The API service screen's calls (spec §2 /apiService; the spec shows no paths: docs/api-service.md). */
export function apiServiceRoutes({
  credentialService,
  roleService,
}: {
  credentialService: CredentialService;
  roleService: RoleService;
}): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/apiService/list',
      summary: "The organisation's API credentials (API ID, role, status; never the key)",
      access: { power: POWER },
      handler: async ({ session }) => {
        const rows = await credentialService.list(session);
        return { rows, totalRows: rows.length };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/apiService/roles',
      summary: 'The roles a new API credential may be bound to (those the caller may give a user)',
      access: { power: POWER },
      handler: async ({ session }) => ({ rows: await roleService.givable(callerOf(session)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/apiService/add',
      summary: 'Create an API credential bound to a role; answers the API key once',
      access: { power: POWER, button: 'edit' },
      body: addCredentialBody,
      handler: async ({ session, body }) => ({ rows: [await credentialService.add(session, body)] }),
    }),
    defineRoute({
      method: 'post',
      path: '/apiService/rotate',
      summary: 'A new API key for a credential (answered once); the old key stops working at once',
      access: { power: POWER, button: 'edit' },
      body: credentialIdBody,
      handler: async ({ session, body }) => ({ rows: [await credentialService.rotate(session, body.id)] }),
    }),
    defineRoute({
      method: 'post',
      path: '/apiService/revoke',
      summary: 'Revoke an API credential for good',
      access: { power: POWER, button: 'edit' },
      body: credentialIdBody,
      handler: async ({ session, body }) => {
        await credentialService.revoke(session, body.id);
        return { rows: [] };
      },
    }),
  ];
}
