import type { AboutInfo } from '@phonefleet/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { createTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole, TEST_ADMIN_PASSWORD } from '../../testing/test-console.js';
import { ROOT_ORG_ID } from '../tenancy/root-organization.js';
import { parseChangelog } from './about.js';

describe('GET /system/about', () => {
  let running: RunningConsole;

  beforeAll(async () => {
    running = await createTestConsole();
  });
  afterAll(async () => {
    await running?.stop();
  });

  it('answers the version, every loaded driver with its models and official firmware, and the release notes', async () => {
    const { db, driverRegistry } = running.cradle;
    const h2 = driverRegistry.loaded.find((entry) => entry.driver.models.some((model) => model.id === 'H2P'));
    expect(h2).toBeDefined();
    // An official image for H2P, and a tenant's own for H2P, which is not the console's supported list.
    const tenant = await createTenant(db, 'enterprise', 'About Co');
    const addFirmware = (orgId: number, official: boolean, version: string) =>
      db.execute(
        `WITH file AS (INSERT INTO stored_files (org_id, name, size, sha256, oid)
                       VALUES ($1, $3 || '.rom', 1, repeat('0', 64), lo_from_bytea(0, '\\x00')) RETURNING id)
         INSERT INTO firmwares (org_id, official, name, version, models, file_id)
         SELECT $1, $2, $3, $3, ARRAY['H2P'], id FROM file`,
        [orgId, official, version],
      );
    await addFirmware(ROOT_ORG_ID, true, '2.14.0.5');
    await addFirmware(ROOT_ORG_ID, true, '2.9.0.1');
    await addFirmware(tenant.orgId, false, '9.9.9.9');

    for (const [userName, password] of [
      ['admin', TEST_ADMIN_PASSWORD],
      [tenant.userName, tenant.password],
    ] as const) {
      const client = new ApiClient(running.url);
      await client.signIn(userName, password);
      const reply = await client.call<AboutInfo>('GET', '/system/about');
      const about = reply.rows[0];
      expect(about?.version).toMatch(/^\d+\.\d+\.\d+/);
      expect(about?.drivers.map((driver) => driver.id).sort()).toEqual(
        driverRegistry.loaded.map((entry) => entry.driver.id).sort(),
      );
      const model = about?.drivers.flatMap((driver) => driver.models).find((found) => found.id === 'H2P');
      expect(model?.firmware).toEqual(['2.14.0.5', '2.9.0.1']);
      expect(about?.releases[0]?.version).toBe(about?.version);
      expect(about?.releases[0]?.notes.length).toBeGreaterThan(0);
    }
  });

  it('is refused without a session', async () => {
    const reply = await fetch(`${running.url}/api/system/about`);
    const body = (await reply.json()) as { code: number };
    expect(body.code).toBe(80000);
  });
});

describe('parseChangelog', () => {
  it('reads releases newest first, their notes joined across lines, up to the limit', () => {
    const text = [
      '# Changelog',
      'Intro line.',
      '## 0.3.0 — 2026-12-02',
      '- Third',
      '  continued',
      '## [0.2.0] - 2026-12-01',
      '* Second',
      '## 0.1.0',
      '- First',
    ].join('\n');
    expect(parseChangelog(text, 2)).toEqual([
      { version: '0.3.0', date: '2026-12-02', notes: ['Third continued'] },
      { version: '0.2.0', date: '2026-12-01', notes: ['Second'] },
    ]);
    expect(parseChangelog(text).at(-1)).toEqual({ version: '0.1.0', date: '', notes: ['First'] });
  });
});
