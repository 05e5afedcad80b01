import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { type SftpPeer, startSftpPeer } from '../../testing/sftp-peer.js';
import { ApiClient, createTestConsole, TEST_ADMIN_PASSWORD } from '../../testing/test-console.js';
import { fingerprint, seedFleet, waitForIdle } from './backup-fixture.js';

let peer: SftpPeer;
let dataDir: string;
let running: RunningConsole;
let admin: ApiClient;

beforeAll(async () => {
  peer = await startSftpPeer();
  dataDir = await mkdtemp(path.join(tmpdir(), 'pf-backup-sftp-'));
  running = await createTestConsole({ dataDir });
  await seedFleet(running, 'cc');
  admin = new ApiClient(running.url);
  await admin.signIn('admin', TEST_ADMIN_PASSWORD);
}, 120_000);

afterAll(async () => {
  await running?.stop();
  await peer?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function remotePlan(overrides: Record<string, unknown> = {}) {
  const saved = await admin.call<{ id: number }>('POST', '/backup/config', {
    fileName: 'offsite',
    content: ['configuration', 'devices', 'firmware', 'logs'],
    destination: 'remote',
    remoteUrl: peer.url,
    username: peer.username,
    password: peer.password,
    automatic: 1,
    time: '03:30',
    ...overrides,
  });
  expect(saved.code, saved.message).toBe(0);
  return Number(saved.rows[0]?.id);
}

async function run(planId: number) {
  const started = await admin.call('POST', '/backup/execute', { id: planId });
  expect(started.code, started.message).toBe(0);
  return (await waitForIdle(running.url)).rows[0]?.last;
}

async function backupAlarm() {
  return running.cradle.db.one<{ num: number; reason: string; level: number }>(
    'SELECT num, reason, level FROM alarms WHERE type = 10 AND org_id = 1 AND status IN (0, 1)',
  );
}

describe('backups on a real OpenSSH server', () => {
  it('backs up to SFTP, and after the data is wiped a restore brings every device, layer, task and file back byte for byte', async () => {
    const planId = await remotePlan();
    const plan = await admin.call<Record<string, unknown>>('GET', `/backup/config/${planId}`);
    expect(plan.rows[0]).toMatchObject({
      destination: 'remote',
      hasPassword: true,
      hostKey: null,
      automatic: 1,
    });
    expect(JSON.stringify(plan.rows)).not.toContain(peer.password);

    const before = await fingerprint(running);
    const ran = await run(planId);
    expect(ran).toMatchObject({ status: 1, outcome: 'done' });
    const list = await admin.call<{ id: number; fileName: string; size: number; destination: string }>(
      'POST',
      '/backup/search',
      { planId },
    );
    const archive = list.rows[0];
    expect(archive).toMatchObject({ destination: 'remote' });
    const onServer = await readdir(peer.folder);
    expect(onServer).toEqual([archive?.fileName]);
    expect((await readFile(path.join(peer.folder, archive?.fileName ?? ''))).length).toBe(archive?.size);
    // The server's key was pinned at the first connection.
    const pinned = await admin.call<{ hostKey: string }>('GET', `/backup/config/${planId}`);
    expect(pinned.rows[0]?.hostKey).toBe(peer.fingerprint);

    const { db } = running.cradle;
    await db.execute(
      `TRUNCATE devices, config_layers, tasks, stored_files, firmwares, resource_files, diagnostic_sessions CASCADE`,
    );
    await db.execute('SELECT lo_unlink(oid) FROM pg_largeobject_metadata');
    expect(await fingerprint(running)).not.toEqual(before);

    const recovered = await admin.call('POST', `/backup/recover/${archive?.id}`, {});
    expect(recovered.code, recovered.message).toBe(0);
    expect((await waitForIdle(running.url)).rows[0]?.last).toMatchObject({ status: 2, outcome: 'done' });
    expect(await fingerprint(running)).toEqual(before);
    expect(await db.one('SELECT count(*)::int AS n FROM devices')).toEqual({ n: 50 });
    await admin.signIn('admin', TEST_ADMIN_PASSWORD);

    // A new machine: a fresh console, the archive uploaded from the backup server, restored.
    const freshDir = await mkdtemp(path.join(tmpdir(), 'pf-fresh-'));
    const fresh = await createTestConsole({ dataDir: freshDir });
    try {
      const api = new ApiClient(fresh.url);
      await api.signIn('admin', TEST_ADMIN_PASSWORD);
      const form = new FormData();
      const bytes = await readFile(path.join(peer.folder, archive?.fileName ?? ''));
      form.append('file', new Blob([new Uint8Array(bytes)]), archive?.fileName ?? 'x.tar.gz');
      const uploaded = await api.call<{ id: number; destination: string; size: number }>(
        'POST',
        '/backup/upload',
        form,
      );
      expect(uploaded.code, uploaded.message).toBe(0);
      expect(uploaded.rows[0]).toMatchObject({ destination: 'upload', size: bytes.length });
      expect((await api.call('POST', `/backup/recover/${uploaded.rows[0]?.id}`, {})).code).toBe(0);
      expect((await waitForIdle(fresh.url)).rows[0]?.last).toMatchObject({ outcome: 'done' });
      expect(await fingerprint(fresh)).toEqual(before);
    } finally {
      await fresh.stop();
      await rm(freshDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('bad credentials, an unreachable server and a changed host key fail with a clear reason and alarm type 10', async () => {
    const files = await readdir(peer.folder);
    const wrongPassword = await remotePlan({ password: 'not-the-password' });
    expect(await run(wrongPassword)).toMatchObject({
      outcome: 'failed',
      message: 'The backup server refused the username or password',
    });
    expect(await backupAlarm()).toMatchObject({
      level: 2,
      reason: 'The backup server refused the username or password',
    });

    const closed = await remotePlan({ remoteUrl: 'sftp://127.0.0.1:1/backups' });
    expect(await run(closed)).toMatchObject({
      outcome: 'failed',
      message: 'The backup server could not be reached',
    });
    expect(await backupAlarm()).toMatchObject({ num: 2, reason: 'The backup server could not be reached' });

    const impostor = await remotePlan();
    await running.cradle.db.execute(
      `UPDATE backup_plans SET host_key = 'SHA256:someone-else' WHERE id = $1`,
      [impostor],
    );
    expect(await run(impostor)).toMatchObject({
      outcome: 'failed',
      message: expect.stringContaining("The backup server's host key changed"),
    });
    // Nothing was left on the server by any of them.
    expect(await readdir(peer.folder)).toEqual(files);
  }, 120_000);
});
