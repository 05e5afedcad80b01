import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { ApiClient, createTestConsole, TEST_ADMIN_PASSWORD } from '../../testing/test-console.js';
import { count, fingerprint, seedFleet, waitForIdle } from './backup-fixture.js';

let dataDir: string;
let running: RunningConsole;
let second: RunningConsole;
let admin: ApiClient;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pf-backup-'));
  running = await createTestConsole({ dataDir });
  // A second instance on the same database: the lock and the refusals are the cluster's.
  second = await createTestConsole({ dataDir, databaseUrl: running.config.databaseUrl });
  await seedFleet(running, 'aa');
  admin = new ApiClient(running.url);
  await admin.signIn('admin', TEST_ADMIN_PASSWORD);
}, 120_000);

afterAll(async () => {
  await second?.stop();
  await running?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function localPlan(content = ['configuration', 'devices', 'firmware', 'logs']) {
  const saved = await admin.call<{ id: number }>('POST', '/backup/config', {
    fileName: 'nightly',
    content,
    destination: 'local',
    keep: 2,
  });
  expect(saved.code, saved.message).toBe(0);
  return Number(saved.rows[0]?.id);
}

async function backUp(planId: number) {
  const started = await admin.call<{ status: number }>('POST', '/backup/execute', { id: planId });
  expect(started.code, started.message).toBe(0);
  const done = await waitForIdle(running.url);
  expect(done.rows[0]?.last).toMatchObject({ status: 1, outcome: 'done' });
  const list = await admin.call<{ id: number; fileName: string; size: number }>('POST', '/backup/search', {
    planId,
  });
  return list.rows[0] as { id: number; fileName: string; size: number };
}

/**
 * Restores an archive and waits for the outcome. A restore that went through ended every session
 * (users sign in again); one that failed changed nothing, sessions included.
 */
async function restore(id: number) {
  const started = await admin.call('POST', `/backup/recover/${id}`, {});
  expect(started.code, started.message).toBe(0);
  const last = (await waitForIdle(running.url)).rows[0]?.last;
  const after = await admin.call('POST', '/backup/search', {});
  expect(after.code).toBe(last?.outcome === 'done' ? 80000 : 0);
  if (after.code === 80000) await admin.signIn('admin', TEST_ADMIN_PASSWORD);
  return last;
}

describe('backup and restore to the data folder', () => {
  it('refuses a plan without content, without a file name, a URL over 512 and an incomplete remote', async () => {
    const plans = await count(running.cradle.db, 'SELECT count(*) AS n FROM backup_plans');
    const cases: [object, string][] = [
      [{ fileName: 'x', content: [] }, 'Please select at least one backup content'],
      [{ fileName: '', content: ['devices'] }, 'Please enter the file name'],
      [{ content: ['devices'] }, 'Please enter the file name'],
      [
        {
          fileName: 'x',
          content: ['devices'],
          destination: 'remote',
          remoteUrl: `sftp://example.com/${'a'.repeat(500)}`,
          username: 'u',
          password: 'p',
        },
        'The remote server URL is at most 512 characters',
      ],
      [
        { fileName: 'x', content: ['devices'], destination: 'remote', remoteUrl: 'sftp://example.com/b' },
        'A remote backup needs the server URL, username and password',
      ],
      [
        {
          fileName: 'x',
          content: ['devices'],
          destination: 'remote',
          remoteUrl: 'ftp://example.com/b',
          username: 'u',
          password: 'p',
        },
        'The remote server URL must look like sftp://host[:port]/folder',
      ],
    ];
    for (const [body, message] of cases) {
      const reply = await admin.call('POST', '/backup/config', body);
      expect([reply.code, reply.message], JSON.stringify(body)).toEqual([40000, message]);
    }
    expect(await count(running.cradle.db, 'SELECT count(*) AS n FROM backup_plans')).toBe(plans);
  });

  it('backs up, lists and downloads the archive; a restore brings back every row and file byte for byte', async () => {
    const planId = await localPlan();
    const before = await fingerprint(running);
    const archive = await backUp(planId);
    expect(archive.fileName).toMatch(/^nightly-\d{8}-\d{6}\.tar\.gz$/);
    const files = await readdir(path.join(dataDir, 'backups'));
    expect(files).toContain(archive.fileName);
    expect(files.filter((name) => name.endsWith('.partial'))).toEqual([]);
    const download = await fetch(`${running.url}/api/backup/download/${archive.id}`, {
      headers: { Cookie: admin.cookieHeader },
    });
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.length).toBe(archive.size);
    expect(bytes.equals(await readFile(path.join(dataDir, 'backups', archive.fileName)))).toBe(true);

    // Changes after the backup: a device gone, a file gone, a layer changed, a new device.
    const { db } = running.cradle;
    await db.execute(`DELETE FROM devices WHERE mac = 'aa0000000001'`);
    await db.execute(
      `WITH gone AS (DELETE FROM stored_files WHERE name = 'aa.rom' RETURNING oid) SELECT lo_unlink(oid) FROM gone`,
    );
    await db.execute(`UPDATE config_layers SET pushed = '{"changed": true}'`);
    expect(await fingerprint(running)).not.toEqual(before);

    const last = await restore(archive.id);
    expect(last).toMatchObject({ status: 2, outcome: 'done' });
    expect(await fingerprint(running)).toEqual(before);
  }, 120_000);

  it('keeps the newest N archives of a plan', async () => {
    const planId = await localPlan(['configuration']);
    for (let run = 0; run < 3; run += 1) {
      await backUp(planId);
      await new Promise((resolve) => setTimeout(resolve, 1100));
    }
    const list = await admin.call<{ fileName: string }>('POST', '/backup/search', { planId });
    expect(list.totalRows).toBe(2);
    const files = await readdir(path.join(dataDir, 'backups'));
    for (const row of list.rows) expect(files).toContain(row.fileName);
    expect(files.filter((name) => name.startsWith('nightly-')).length).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('refuses a truncated, a tampered and a newer archive, and the old data stays', async () => {
    const planId = await localPlan();
    const archive = await backUp(planId);
    const file = path.join(dataDir, 'backups', archive.fileName);
    const original = await readFile(file);
    const before = await fingerprint(running);
    const { db } = running.cradle;

    // Cut off half-way.
    await writeFile(file, original.subarray(0, Math.floor(original.length / 2)));
    let last = await restore(archive.id);
    expect(last).toMatchObject({
      outcome: 'failed',
      message: 'The backup file is damaged or incomplete; nothing was restored',
    });
    expect(await fingerprint(running)).toEqual(before);

    // One byte of a table changed inside a whole, well-formed archive.
    const tar = gunzipSync(original);
    const at = tar.indexOf(Buffer.from('aa0000000002'));
    expect(at).toBeGreaterThan(0);
    const tampered = Buffer.from(tar);
    tampered[at] = 'b'.charCodeAt(0);
    await writeFile(file, gzipSync(tampered));
    await db.execute(`UPDATE backups SET sha256 = $2, size = $3 WHERE id = $1`, [
      archive.id,
      (await import('node:crypto'))
        .createHash('sha256')
        .update(await readFile(file))
        .digest('hex'),
      (await readFile(file)).length,
    ]);
    last = await restore(archive.id);
    expect(last).toMatchObject({
      outcome: 'failed',
      message: 'The backup file is damaged or incomplete; nothing was restored',
    });
    expect(await fingerprint(running)).toEqual(before);

    // Made by a console with a migration this one does not have.
    await writeFile(file, original);
    await db.execute(`UPDATE backups SET sha256 = $2, size = $3 WHERE id = $1`, [
      archive.id,
      (await import('node:crypto')).createHash('sha256').update(original).digest('hex'),
      original.length,
    ]);
    await db.execute(`INSERT INTO schema_migrations (name) VALUES ('9999-from-the-future')`);
    const newer = await backUp(planId);
    await db.execute(`DELETE FROM schema_migrations WHERE name = '9999-from-the-future'`);
    last = await restore(newer.id);
    expect(last).toMatchObject({
      outcome: 'failed',
      message: 'The backup was made by a newer console version; upgrade this console first',
    });
    expect(await fingerprint(running)).toEqual(before);
  }, 120_000);
});

describe('content parts and schedules', () => {
  it('restores only the parts a backup holds; refuses one whose rows would refer to data that is gone', async () => {
    const { db } = running.cradle;
    const logs = await backUp(await localPlan(['logs']));
    const capture = await db.one('SELECT * FROM diagnostic_sessions');
    await db.execute('DELETE FROM diagnostic_sessions');
    await db.execute(
      `UPDATE devices SET device_name = 'renamed after the backup' WHERE mac = 'aa0000000003'`,
    );
    expect(await restore(logs.id)).toMatchObject({ outcome: 'done' });
    expect(await db.one('SELECT * FROM diagnostic_sessions')).toEqual(capture);
    expect(await db.one(`SELECT device_name FROM devices WHERE mac = 'aa0000000003'`)).toEqual({
      device_name: 'renamed after the backup',
    });

    // Devices only, then their site is gone: restoring them would leave devices on no site.
    const devices = await backUp(await localPlan(['devices']));
    const site = await db.one<{ site_id: string }>(`SELECT site_id FROM devices WHERE mac = 'aa0000000003'`);
    await db.execute(
      'UPDATE devices SET site_id = (SELECT min(id) FROM sites WHERE id <> $1) WHERE site_id = $1',
      [site?.site_id],
    );
    await db.execute('DELETE FROM sites WHERE id = $1', [site?.site_id]);
    const before = await fingerprint(running);
    expect(await restore(devices.id)).toMatchObject({
      outcome: 'failed',
      message: expect.stringContaining('nothing was restored'),
    });
    expect(await fingerprint(running)).toEqual(before);
  }, 60_000);

  it('a due automatic plan runs once however many instances tick together', async () => {
    const { db } = running.cradle;
    const planId = await localPlan(['configuration']);
    await db.execute(
      `UPDATE backup_plans SET automatic = 2, weekday = 3, next_run_at = now() - interval '1 second' WHERE id = $1`,
      [planId],
    );
    const before = await count(db, `SELECT count(*) AS n FROM backups WHERE plan_id = ${planId}`);
    await Promise.all([running.cradle.backupSchedule.tick(), second.cradle.backupSchedule.tick()]);
    await waitForIdle(running.url);
    expect(await count(db, `SELECT count(*) AS n FROM backups WHERE plan_id = ${planId}`)).toBe(before + 1);
    const plan = await admin.call<{ nextRunAt: string }>('GET', `/backup/config/${planId}`);
    const next = new Date(plan.rows[0]?.nextRunAt ?? 0);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect([next.getDay(), next.getHours(), next.getMinutes()]).toEqual([3, 2, 0]);
  });
});

describe('the operation lock', () => {
  it('while held, every instance refuses API calls with the code and status; sign-in and the status stay open', async () => {
    const held = await running.cradle.operationLock.acquire(1, {
      cancellable: true,
      step: 'test',
      language: 'en-US',
    });
    try {
      const other = new ApiClient(second.url);
      const signedIn = await other.signIn('admin', TEST_ADMIN_PASSWORD);
      expect(signedIn.code).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 1200));
      const refused = await other.call<{ status: number; cancelShow: boolean }>('POST', '/device/search', {});
      expect([refused.code, refused.message]).toEqual([100000, 'Backing up, please wait...']);
      expect(refused.rows[0]).toMatchObject({ status: 1, code: 100000, cancelShow: true, step: 'test' });
      const status = await other.call('GET', '/backup/status');
      expect([status.code, status.rows[0]?.status]).toEqual([0, 1]);
      const zh = await new ApiClient(second.url, 'zh-CN').call('POST', '/homepage/total', {});
      expect([zh.code, zh.message]).toEqual([100000, '正在备份，请稍候...']);

      // Cancel from the other instance stops the holder at its next heartbeat.
      const cancel = await other.call('POST', '/backup/cancel', {});
      expect(cancel.code).toBe(0);
      await new Promise((resolve) => held.signal.addEventListener('abort', resolve, { once: true }));
      expect((held.signal.reason as Error).message).toBe('backupCancelled');
    } finally {
      await held.release('cancelled', 'The operation was cancelled');
    }
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const free = await new ApiClient(second.url).call('POST', '/homepage/total', {});
    expect(free.code).toBe(80000);
  });

  it('two administrators starting at once: one runs, the other gets the status', async () => {
    const planId = await localPlan(['configuration']);
    const before = await count(running.cradle.db, 'SELECT count(*) AS n FROM backups');
    const other = new ApiClient(second.url);
    await other.signIn('admin', TEST_ADMIN_PASSWORD);
    const replies = await Promise.all([
      admin.call('POST', '/backup/execute', { id: planId }),
      other.call('POST', '/backup/execute', { id: planId }),
    ]);
    expect(replies.map((reply) => reply.code).sort()).toEqual([0, 100000]);
    for (const reply of replies) expect(reply.rows[0]).toMatchObject({ status: 1 });
    await waitForIdle(running.url);
    expect(await count(running.cradle.db, 'SELECT count(*) AS n FROM backups')).toBe(before + 1);
  });

  it('a killed holder’s lock lapses and is recorded as interrupted', async () => {
    const { db, operationLock } = running.cradle;
    await db.execute(
      `UPDATE operation_lock SET status = 2, holder = 'gone', heartbeat_at = now() - interval '1 minute', started_at = now()`,
    );
    const status = await admin.call<{ status: number; last: { outcome: string } }>('GET', '/backup/status');
    expect(status.rows[0]).toMatchObject({ status: 0, last: { status: 2, outcome: 'interrupted' } });
    const held = await operationLock.acquire(1, { cancellable: false, step: 'x', language: 'en-US' });
    await held.release('done', '');
  });
});
