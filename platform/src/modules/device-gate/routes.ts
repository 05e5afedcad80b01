import { isStrongPassword } from '@phonefleet/sdk';
import { z } from 'zod';
import type { ConsoleConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import { digestHa1, REALM } from './digest.js';

const credentialsBody = z.object({
  username: z.string().regex(/^[A-Za-z0-9_.-]{3,64}$/, 'invalidFormat'),
  password: z.string().max(128).refine(isStrongPassword, 'passwordRule'),
  /** Addresses phones of this organization may fetch from; empty allows any. */
  allowCidrs: z.array(z.cidrv4().or(z.cidrv6())).max(64).default([]),
});

const deviceCredentialsBody = z.object({
  deviceId: z.number().int().positive(),
  password: z.string().max(128).refine(isStrongPassword, 'passwordRule'),
});

const deviceIdQuery = z.object({ deviceId: z.coerce.number().int().positive() });

/** What the gate judges phones by: digest credentials per organization or device, and the allow-list. */
export function deviceGateRoutes({ db, config }: { db: Database; config: ConsoleConfig }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/tb-provisioning/credentials',
      summary:
        'The caller’s organization’s phone credentials (user name, whether a password is set — never the password), allow-list, and the URLs to give phones (DHCP option 66)',
      access: { power: 'global' },
      handler: async ({ session, ctx }) => {
        const org = await db.one<{
          prov_username: string | null;
          password_set: boolean;
          allow: string[] | null;
        }>(
          `SELECT prov_username, prov_ha1 IS NOT NULL AS password_set, prov_allow_cidrs::text[] AS allow
             FROM orgs WHERE id = $1`,
          [session.scope.orgId],
        );
        const base = config.publicUrl ?? ctx.origin;
        return {
          rows: [
            {
              username: org?.prov_username ?? null,
              passwordSet: org?.password_set ?? false,
              allowCidrs: org?.allow ?? [],
              provisioningUrl: `${base}/prov/`,
              eventsUrl: `${base}/events/`,
            },
          ],
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/tb-provisioning/deviceCredentials',
      summary: 'Whether a device has a password of its own (its user name is its MAC); never the password',
      access: { power: 'deviceManagement' },
      query: deviceIdQuery,
      handler: async ({ query, session }) => {
        await session.scope.assertOwns(db, 'devices', query.deviceId);
        const device = await db.one<{ mac: string; password_set: boolean }>(
          'SELECT mac, prov_ha1 IS NOT NULL AS password_set FROM devices WHERE id = $1',
          [query.deviceId],
        );
        return { rows: [{ username: device?.mac ?? '', passwordSet: device?.password_set ?? false }] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/tb-provisioning/credentials',
      summary: 'Digest credentials (and optional address allow-list) phones of the caller’s organization use',
      access: { power: 'global', button: 'edit' },
      body: credentialsBody,
      handler: async ({ body, session }) => {
        await db.execute(
          'UPDATE orgs SET prov_username = $2, prov_ha1 = $3, prov_allow_cidrs = $4 WHERE id = $1',
          [
            session.scope.orgId,
            body.username,
            digestHa1(body.username, body.password),
            body.allowCidrs.length ? body.allowCidrs : null,
          ],
        );
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/tb-provisioning/deviceCredentials',
      summary: 'Per-device digest credentials: the user name is the device MAC',
      access: { power: 'deviceManagement', button: 'edit' },
      body: deviceCredentialsBody,
      handler: async ({ body, session }) => {
        await session.scope.assertOwns(db, 'devices', body.deviceId);
        // HA1 over the stored MAC (the user name), computed in the same statement.
        await db.execute(`UPDATE devices SET prov_ha1 = md5(mac || ':' || $3 || ':' || $2) WHERE id = $1`, [
          body.deviceId,
          body.password,
          REALM,
        ]);
        return { rows: [] };
      },
    }),
  ];
}
