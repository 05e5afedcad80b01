import type { DiagnosticDeviceSettings, DiagnosticSessionRow } from '@phonefleet/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createTestConsole } from '../../testing/test-console.js';
import { until } from '../../testing/until.js';
import { MASK } from './config-masking.js';
import { ADMIN_PASSWORD, type Device, DiagnosticsFixture, throttledProxy } from './diagnostics-fixture.js';

let f: DiagnosticsFixture;
let devices: Device[] = [];

const device = (index: number): Device => {
  const found = devices[index];
  if (!found) throw new Error(`no device ${index}`);
  return found;
};

async function sessionCount(): Promise<number> {
  const row = await f.running.cradle.db.one<{ count: string }>('SELECT count(*) FROM diagnostic_sessions');
  return Number(row?.count ?? 0);
}

beforeAll(async () => {
  f = await DiagnosticsFixture.start(79);
  devices = await f.phones(5, 'H2P');
}, 60_000);

afterAll(() => f?.stop());

describe('bad input changes nothing', () => {
  it('an empty host, a host with shell characters, a bad count or level, a range without its ends', async () => {
    const { id } = device(0);
    const before = await sessionCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ action: 'ping', host: '  ' }, 'Diagnostics: host required'],
      [{ action: 'traceroute' }, 'Diagnostics: host required'],
      [
        { action: 'ping', host: '10.0.0.1; touch /tmp/pwned' },
        'Diagnostics: the host must be a host name or an IPv4 or IPv6 address, without spaces or shell characters',
      ],
      [
        { action: 'traceroute', host: '$(reboot)' },
        'Diagnostics: the host must be a host name or an IPv4 or IPv6 address, without spaces or shell characters',
      ],
      [{ action: 'ping', host: '10.0.0.1', count: 101 }, 'Diagnostics: the ping count must be 1 to 100'],
      [
        { action: 'log', level: 'verbose' },
        'Diagnostics: the log level must be one of emergency, alert, critical, error, warning, notice, info, debug',
      ],
      [
        { action: 'systemLog', range: 'custom', startTime: '2026-11-02T00:00:00Z' },
        'Diagnostics: choose the start and the end of the range, the start before the end',
      ],
    ];
    for (const [body, message] of cases) {
      const reply = await f.start({ deviceId: id, ...body });
      expect(reply.message, JSON.stringify(body)).toBe(message);
    }
    expect(await sessionCount()).toBe(before);
    expect(device(0).phone.ssh?.commands).toEqual([]);
  });

  it('a model whose driver declares no diagnostics: listed with the reason, refused with it', async () => {
    const [v62] = await f.phones(1, 'V62');
    const listed = await f.api.call<{ list: { deviceId: number; supported: boolean; reason: string }[] }>(
      'POST',
      '/diagnostics/devices',
      { keyword: '', currentPage: 1, pageSize: 100 },
    );
    const row = listed.rows[0]?.list.find((each) => each.deviceId === v62?.id);
    expect(row?.supported).toBe(false);
    expect(row?.reason).not.toBe('');
    expect((await f.start({ deviceId: v62?.id, action: 'log' })).message).toBe(row?.reason);
  });
});

describe('reaching the phone', () => {
  it('SSH turned off, a wrong password, a changed host key: failed with why, and no connection left open', async () => {
    const { id, phone } = device(1);
    const ssh = phone.ssh;
    if (!ssh) throw new Error('no SSH on the phone');

    ssh.enabled = false;
    let session = (await f.start({ deviceId: id, action: 'config' })).rows[0] as DiagnosticSessionRow;
    expect(await f.ended(session.id)).toMatchObject({
      state: 'failed',
      message:
        'Diagnostics: the phone refused the SSH connection (is SSH access enabled in its configuration?)',
    });
    ssh.enabled = true;

    await f.api.call('POST', '/diagnostics/credentials', { deviceId: id, password: 'not-the-password' });
    session = (await f.start({ deviceId: id, action: 'config' })).rows[0] as DiagnosticSessionRow;
    expect(await f.ended(session.id)).toMatchObject({
      state: 'failed',
      message: 'Diagnostics: the phone refused the SSH user name or password',
    });
    // Back to the configuration's administrator password.
    await f.api.call('POST', '/diagnostics/credentials', { deviceId: id, clearPassword: true });

    // The first connection pins the phone's key; a different key later is refused.
    session = (await f.start({ deviceId: id, action: 'config' })).rows[0] as DiagnosticSessionRow;
    expect((await f.ended(session.id)).state).toBe('done');
    const settings = async () =>
      (await f.api.call<DiagnosticDeviceSettings>('GET', `/diagnostics/device?deviceId=${id}`)).rows[0];
    expect(await settings()).toMatchObject({ hostKey: ssh.fingerprint, credentials: 'configuration' });
    // The phone's file as it has it, without its passwords.
    const exported = (await f.download(session.id)).bytes.toString('utf8');
    expect(exported).toContain(MASK);
    expect(exported).not.toContain(ADMIN_PASSWORD);
    expect(exported).toMatch(/AdminPassword/);
    await f.running.cradle.db.execute('UPDATE device_ssh SET host_key = $2 WHERE device_id = $1', [
      id,
      'SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    ]);
    session = (await f.start({ deviceId: id, action: 'config' })).rows[0] as DiagnosticSessionRow;
    expect((await f.ended(session.id)).message).toMatch(/host key changed/);
    expect(ssh.commands.filter((argv) => argv[0] === 'cat')).toHaveLength(1);
    // Forgotten on purpose (a replaced phone): the next connection pins the key shown then.
    await f.api.call('POST', '/diagnostics/credentials', { deviceId: id, forgetHostKey: true });
    session = (await f.start({ deviceId: id, action: 'config' })).rows[0] as DiagnosticSessionRow;
    expect((await f.ended(session.id)).state).toBe('done');
    expect((await settings())?.hostKey).toBe(ssh.fingerprint);

    await until(
      async () => ssh.openConnections,
      (open) => open === 0,
      5_000,
    );
    expect(f.running.cradle.diagnosticsService.running).toBe(0);
  });

  it('never shows a password: not in the settings, not in a session', async () => {
    const { id } = device(1);
    await f.api.call('POST', '/diagnostics/credentials', { deviceId: id, password: 'S3cret-per-device' });
    const settings = await f.api.call('GET', `/diagnostics/device?deviceId=${id}`);
    expect(settings.rows[0]).toMatchObject({ credentials: 'device' });
    const sessions = await f.api.call('POST', '/diagnostics/sessions', {
      deviceId: id,
      currentPage: 1,
      pageSize: 50,
    });
    for (const text of [JSON.stringify(settings), JSON.stringify(sessions)]) {
      expect(text).not.toContain('S3cret-per-device');
      expect(text).not.toContain('Adm1n#ssh');
    }
    await f.api.call('POST', '/diagnostics/credentials', { deviceId: id, clearPassword: true });
  });
});

describe('sessions outlive their browsers, not their instance', () => {
  it('a browser closing mid-capture leaves the capture running; another instance watches it and ends it once the holder dies', async () => {
    const { id, phone } = device(2);
    const other = await createTestConsole({ databaseUrl: f.running.config.databaseUrl });
    try {
      const otherApi = new ApiClient(other.url);
      expect((await otherApi.signIn(f.acme.userName, f.acme.password)).code).toBe(0);
      // Started on the other instance, which holds the SSH connection.
      const session = (await f.start({ deviceId: id, action: 'log', level: 'debug' }, otherApi))
        .rows[0] as DiagnosticSessionRow;
      const leaving = await f.watcher(otherApi.cookieHeader, other);
      await f.watch(leaving, session.id);
      await until(
        async () => leaving.outputs.length,
        (count) => count > 0,
        5_000,
      );
      leaving.disconnect();
      // A browser on this instance watches what the other holds (through PostgreSQL).
      const remote = await f.watcher(f.api.cookieHeader);
      expect(await f.watch(remote, session.id)).toMatchObject({ ok: true });
      await until(
        async () => remote.outputs.length,
        (count) => count > 3,
        10_000,
      );
      expect((await f.session(session.id))?.state).toBe('running');

      // The holder crashes: nothing more it does reaches PostgreSQL.
      await other.cradle.db.close();
      const row = await f.ended(session.id, 20_000);
      expect(row).toMatchObject({
        state: 'interrupted',
        message: 'The console instance holding the session stopped',
      });
      expect(row.bytes).toBeGreaterThan(0);
      expect((await f.download(session.id)).bytes.length).toBe(row.bytes);
    } finally {
      await other.stop().catch(() => undefined);
    }
    await until(
      async () => phone.ssh?.openConnections,
      (open) => open === 0,
      5_000,
    );
  });

  it('a browser that does not read is skipped, not queued for: the offsets show the gap', async () => {
    const [fast] = await f.phones(1, 'H2P', { logBytesPerSecond: 3_000_000 });
    if (!fast) throw new Error('no phone');
    const session = (await f.start({ deviceId: fast.id, action: 'log', level: 'debug' }))
      .rows[0] as DiagnosticSessionRow;
    // The browser’s link carries 400 KB/s (a congested VPN); the phone sends far more.
    const proxy = await throttledProxy(f.running.url, 400_000);
    const slow = await f.watcher(f.api.cookieHeader, { ...f.running, url: proxy.url });
    await f.watch(slow, session.id);
    const gaps = () =>
      slow.outputs.filter((output, index) => {
        const before = slow.outputs[index - 1];
        return before && output.offset > before.offset + Buffer.byteLength(before.text);
      });
    // However loaded the machine, the link falls behind the phone within seconds.
    await until(
      async () => gaps().length,
      (count) => count > 0,
      30_000,
    );
    proxy.close();
    await f.api.call('POST', '/diagnostics/stop', { sessionId: session.id });
    const row = await f.ended(session.id);
    const received = slow.outputs.reduce((sum, output) => sum + Buffer.byteLength(output.text), 0);
    expect(gaps().length).toBeGreaterThan(0);
    expect(received).toBeLessThan(row.bytes);
  });
});

describe('tenants', () => {
  it("another tenant can neither start on, read, stop, download nor watch Acme's diagnostics", async () => {
    const { id } = device(3);
    const session = (await f.start({ deviceId: id, action: 'ping', host: '10.0.0.1', count: 1 }))
      .rows[0] as DiagnosticSessionRow;
    await f.ended(session.id);
    const { globexApi } = f;
    expect((await f.start({ deviceId: id, action: 'config' }, globexApi)).message).toBe('Not found');
    expect((await globexApi.call('GET', `/diagnostics/device?deviceId=${id}`)).message).toBe('Not found');
    expect(
      (await globexApi.call('POST', '/diagnostics/credentials', { deviceId: id, password: 'taken-over' }))
        .message,
    ).toBe('Not found');
    expect((await globexApi.call('GET', `/diagnostics/session?sessionId=${session.id}`)).message).toBe(
      'Not found',
    );
    expect((await globexApi.call('POST', '/diagnostics/stop', { sessionId: session.id })).message).toBe(
      'Not found',
    );
    expect((await f.download(session.id, globexApi)).status).toBe(404);
    const listed = await globexApi.call<{ total: number }>('POST', '/diagnostics/sessions', {
      currentPage: 1,
      pageSize: 50,
    });
    expect(listed.rows[0]?.total).toBe(0);
    const devicesListed = await globexApi.call<{ total: number }>('POST', '/diagnostics/devices', {
      currentPage: 1,
      pageSize: 50,
    });
    expect(devicesListed.rows[0]?.total).toBe(0);
    const socket = await f.watcher(globexApi.cookieHeader);
    expect(await f.watch(socket, session.id)).toEqual({ ok: false, message: 'Not found' });
    expect((await f.api.call('GET', `/diagnostics/device?deviceId=${id}`)).rows[0]).toMatchObject({
      credentials: 'configuration',
    });
  });
});
