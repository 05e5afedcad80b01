import { randomBytes } from 'node:crypto';
import { digestHa1 } from '../modules/device-gate/digest.js';
import { FIRST_CONTACT_COLUMNS, firstContactValues } from '../modules/devices/first-contact.js';
import type { Cradle } from '../modules/index.js';
import { settleUnknownSql, sightingsSql } from '../modules/provisioning/unknown-devices.js';
import { createDefaultSites } from '../modules/sites/seed.js';
import { ROOT_ORG_ID } from '../modules/tenancy/root-organization.js';
import { TenantScope } from '../modules/tenancy/scope.js';

/** The demo's organization: everything it creates belongs to it, so nothing of the console's own is touched. */
export const DEMO_ORGANIZATION = 'Demo Enterprise';
/** The user name the demo's phones authenticate with (their organization's phone credentials). */
export const DEMO_PHONE_USER = 'demo-phones';

const SITES = [
  { name: 'Headquarters', description: 'Main office, three floors' },
  { name: 'Warehouse', description: 'Logistics and shipping' },
  { name: 'Branch office', description: 'Sales branch downtown' },
];

/** A phone of the demo fleet, as the inventory will know it. */
export interface DemoPhone {
  mac: string;
  model: string;
  firmware: string;
}

export interface DemoOrganization {
  orgId: number;
  scope: TenantScope;
  /** The phones' credentials, set anew at every demo start (the password is never stored in clear). */
  phoneCredentials: { username: string; password: string };
  siteIds: number[];
}

type DemoDeps = Pick<
  Cradle,
  'db' | 'siteService' | 'modelTemplateService' | 'groupService' | 'deviceService'
>;

/**
 * The demo's enterprise under the platform, with its sites and a model template per model, made at
 * the first demo start; later starts find them. Its phone credentials get a fresh password each time.
 */
export async function seedDemoOrganization(
  deps: DemoDeps,
  models: readonly string[],
): Promise<DemoOrganization> {
  const { db } = deps;
  const password = randomBytes(12).toString('base64url');
  const [existing] = await db.query<{ id: string; path: string }>(
    `SELECT id, path FROM orgs WHERE parent_id = $1 AND name = $2`,
    [ROOT_ORG_ID, DEMO_ORGANIZATION],
  );
  const org = existing ?? (await createOrganization(deps, models));
  await db.execute('UPDATE orgs SET prov_username = $2, prov_ha1 = $3 WHERE id = $1', [
    org.id,
    DEMO_PHONE_USER,
    digestHa1(DEMO_PHONE_USER, password),
  ]);
  const scope = new TenantScope(Number(org.id), org.path);
  const sites = await db.query<{ id: string }>(
    'SELECT id FROM sites WHERE org_id = $1 AND NOT is_default ORDER BY id',
    [org.id],
  );
  return {
    orgId: Number(org.id),
    scope,
    phoneCredentials: { username: DEMO_PHONE_USER, password },
    siteIds: sites.map((site) => Number(site.id)),
  };
}

async function createOrganization(
  deps: DemoDeps,
  models: readonly string[],
): Promise<{ id: string; path: string }> {
  const { db } = deps;
  const org = await db.transaction(async (transaction) => {
    const [created] = await db.query<{ id: string; path: string }>(
      `WITH next AS (SELECT nextval(pg_get_serial_sequence('orgs', 'id')) AS id)
       INSERT INTO orgs (id, type, name, parent_id, path, channel_authorized)
       SELECT next.id, 'enterprise', $2, p.id, p.path || next.id || '/', true FROM next, orgs p WHERE p.id = $1
       RETURNING id, path`,
      [ROOT_ORG_ID, DEMO_ORGANIZATION],
      transaction,
    );
    if (!created) throw new Error('the platform organization is missing');
    await createDefaultSites(db, [Number(created.id)], transaction);
    return created;
  });
  const scope = new TenantScope(Number(org.id), org.path);
  const [root] = await db.query<{ id: string }>('SELECT id FROM sites WHERE org_id = $1 AND is_default', [
    org.id,
  ]);
  for (const [index, site] of SITES.entries()) {
    const { id } = await deps.siteService.add(scope, {
      parentId: Number(root?.id),
      siteName: site.name,
      siteDesc: site.description,
    });
    const model = models[index % models.length] ?? '';
    await deps.modelTemplateService.add(scope, {
      name: `${model} at ${site.name}`,
      description: `Settings every ${model} of ${site.name} shares`,
      model,
      siteId: id,
    });
  }
  return org;
}

/**
 * Adds the phones as devices of the demo's sites, in turn, in one statement: the console's own
 * first-contact insert (a phone seen before takes over its address and is online at once, and its
 * unknown-device records are settled). Phones already added are left alone. Then two groups.
 */
export async function addDemoDevices(
  deps: DemoDeps,
  organization: DemoOrganization,
  phones: readonly DemoPhone[],
): Promise<number> {
  const { db } = deps;
  const siteIds = phones.map((_, index) => organization.siteIds[index % organization.siteIds.length]);
  const [row] = await db.query<{ added: string }>(
    `WITH t AS (
       SELECT $1::bigint AS org_id, s AS site_id, m AS mac, 'Demo ' || mo || ' ' || right(m, 4) AS device_name,
              mo AS model, f AS firmware
         FROM unnest($2::bigint[], $3::text[], $4::text[], $5::text[]) AS u(s, m, mo, f)),
     seen AS (${sightingsSql('t')}),
     inserted AS (
       INSERT INTO devices (org_id, site_id, mac, device_name, model, firmware, ${FIRST_CONTACT_COLUMNS})
       SELECT t.org_id, t.site_id, t.mac, t.device_name, t.model, t.firmware, ${firstContactValues('seen')}
         FROM t LEFT JOIN seen ON seen.mac = t.mac::char(12)
       ON CONFLICT (mac) DO NOTHING RETURNING id, mac),
     settled AS (${settleUnknownSql('inserted')})
     SELECT count(*) AS added FROM inserted`,
    [
      organization.orgId,
      siteIds,
      phones.map((phone) => phone.mac),
      phones.map((phone) => phone.model),
      phones.map((phone) => phone.firmware),
    ],
  );
  deps.deviceService.forgetCounts();
  const added = Number(row?.added ?? 0);
  if (added > 0) await addDemoGroups(deps, organization, phones);
  return added;
}

async function addDemoGroups(deps: DemoDeps, organization: DemoOrganization, phones: readonly DemoPhone[]) {
  const devices = await deps.db.query<{ id: string; model: string }>(
    'SELECT id, model FROM devices WHERE org_id = $1 AND mac = ANY($2::text[]) ORDER BY id',
    [organization.orgId, phones.map((phone) => phone.mac)],
  );
  const groups = [
    { groupName: 'Front desk', description: 'Reception phones', pick: (index: number) => index % 5 === 0 },
    { groupName: 'Conference rooms', description: 'Shared phones', pick: (index: number) => index % 7 === 3 },
  ];
  for (const { groupName, description, pick } of groups) {
    const [exists] = await deps.db.query('SELECT 1 FROM device_groups WHERE org_id = $1 AND name = $2', [
      organization.orgId,
      groupName,
    ]);
    if (exists) continue;
    const deviceIds = devices.filter((_, index) => pick(index)).map((device) => Number(device.id));
    await deps.groupService.add(organization.scope, { groupName, description, deviceIds });
  }
}
