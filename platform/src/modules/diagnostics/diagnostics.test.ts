import { type DiagnosticSessionRow, startsWithPcapHeader, startsWithPngSignature } from '@phonefleet/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../testing/until.js';
import { countPcapRecords, type Device, DiagnosticsFixture, readWithTcpdump } from './diagnostics-fixture.js';

let f: DiagnosticsFixture;
let devices: Device[] = [];

const device = (index: number): Device => {
  const found = devices[index];
  if (!found) throw new Error(`no device ${index}`);
  return found;
};

beforeAll(async () => {
  f = await DiagnosticsFixture.start();
  devices = await f.phones(4, 'H2P');
}, 60_000);

afterAll(() => f?.stop());

describe('log capture', () => {
  it('streams the log at the chosen level to two watchers, stops on request, and downloads what arrived', async () => {
    const { id, phone } = device(0);
    const started = await f.start({ deviceId: id, action: 'log', level: 'warning' });
    expect(started.code, started.message).toBe(0);
    const session = started.rows[0] as DiagnosticSessionRow;
    expect(session).toMatchObject({ action: 'log', detail: 'Level: warning', userName: f.acme.userName });
    const first = await f.watcher(f.api.cookieHeader);
    expect(await f.watch(first, session.id)).toMatchObject({ ok: true });
    await until(
      async () => first.text().split('\n').length,
      (lines) => lines > 20,
      10_000,
    );
    // A second engineer joins late: the recent output, then the stream.
    const second = await f.watcher(f.api.cookieHeader);
    const late = await f.watch(second, session.id);
    expect(late.ok && late.backlog.length > 0).toBe(true);
    await until(
      async () => second.outputs.length,
      (count) => count > 2,
      5_000,
    );

    const levels = new Set(first.text().match(/user\.(\w+)/g));
    expect(
      [...levels].every((level) =>
        ['user.emerg', 'user.alert', 'user.crit', 'user.err', 'user.warn'].includes(level),
      ),
    ).toBe(true);
    // Offsets run on without gaps for a browser that keeps up.
    for (const [index, output] of first.outputs.entries()) {
      const before = first.outputs[index - 1];
      if (before) expect(output.offset).toBe(before.offset + Buffer.byteLength(before.text));
    }

    expect((await f.api.call('POST', '/diagnostics/stop', { sessionId: session.id })).code).toBe(0);
    const row = await f.ended(session.id);
    expect(row.state).toBe('stopped');
    await until(
      async () => phone.ssh?.openConnections,
      (open) => open === 0,
      5_000,
    );
    // The console lets go of the session once the phone's side has closed: moments later on a busy machine.
    expect(
      await until(
        async () => f.running.cradle.diagnosticsService.running,
        (running) => running === 0,
        5_000,
      ),
    ).toBe(0);
    const file = await f.download(session.id);
    expect(file.type).toContain('text/plain');
    const stored = await f.ended(session.id);
    expect(file.bytes.length).toBe(stored.bytes);
    expect(file.bytes.toString('utf8').startsWith(first.text().slice(0, 200))).toBe(true);
    expect(first.progress.at(-1)).toMatchObject({ state: 'stopped' });
  });

  it('a phone dropping mid-capture leaves an interrupted session with its partial, downloadable output', async () => {
    const { id, phone } = device(1);
    phone.ssh?.dropAfterBytes(30_000);
    try {
      const session = (await f.start({ deviceId: id, action: 'log', level: 'debug' }))
        .rows[0] as DiagnosticSessionRow;
      const row = await f.ended(session.id);
      expect(row).toMatchObject({ state: 'interrupted', message: 'The phone closed the connection' });
      expect(row.bytes).toBeGreaterThan(10_000);
      expect((await f.download(session.id)).bytes.length).toBe(row.bytes);
    } finally {
      phone.ssh?.dropAfterBytes(undefined);
    }
  });
});

describe('ping, traceroute, trace and screen', () => {
  it('ping prints line by line and ends with its result; a silent host ends with 100% loss', async () => {
    const { id } = device(2);
    const socket = await f.watcher(f.api.cookieHeader);
    const session = (await f.start({ deviceId: id, action: 'ping', host: 'pbx.example.com', count: 3 }))
      .rows[0] as DiagnosticSessionRow;
    expect(session.detail).toBe('Host: pbx.example.com, Count: 3');
    await f.watch(socket, session.id);
    const row = await f.ended(session.id);
    expect(row.state).toBe('done');
    expect(row.result).toMatchObject({ transmitted: 3, received: 3, lossPercent: 0 });
    expect(socket.text()).toMatch(/icmp_seq=3/);
    const silent = (await f.start({ deviceId: id, action: 'ping', host: '192.0.2.1', count: 2 })).rows[0];
    expect(await f.ended(silent?.id ?? 0)).toMatchObject({
      state: 'done',
      result: { received: 0, lossPercent: 100 },
    });
  });

  it('traceroute ends with its hops', async () => {
    const session = (await f.start({ deviceId: device(2).id, action: 'traceroute', host: '10.20.30.40' }))
      .rows[0];
    const row = await f.ended(session?.id ?? 0);
    expect(row.state).toBe('done');
    expect((row.result as { hops: { address: string | null }[] }).hops.map((hop) => hop.address)).toEqual([
      '192.168.1.1',
      '10.0.0.1',
      '10.20.30.40',
    ]);
  });

  it('a trace runs until stopped and downloads as a pcap; a screenshot as a PNG', async () => {
    const { id } = device(3);
    const trace = (await f.start({ deviceId: id, action: 'trace' })).rows[0] as DiagnosticSessionRow;
    await until(
      async () =>
        (await f.api.call<DiagnosticSessionRow>('GET', `/diagnostics/session?sessionId=${trace.id}`)).rows[0]
          ?.bytes ?? 0,
      (bytes) => bytes > 2000,
      10_000,
    );
    await f.api.call('POST', '/diagnostics/stop', { sessionId: trace.id });
    expect((await f.ended(trace.id)).state).toBe('stopped');
    const pcap = await f.download(trace.id);
    expect(pcap.type).toBe('application/vnd.tcpdump.pcap');
    expect(startsWithPcapHeader(pcap.bytes)).toBe(true);
    const records = countPcapRecords(pcap.bytes);
    expect(records).toBeGreaterThan(5);
    // Read back by a real pcap reader: every record whole.
    expect(await readWithTcpdump(pcap.bytes)).toHaveLength(records);

    const screen = (await f.start({ deviceId: id, action: 'screenshot' })).rows[0] as DiagnosticSessionRow;
    expect((await f.ended(screen.id)).state).toBe('done');
    const png = await f.download(screen.id);
    expect(png.type).toBe('image/png');
    expect(startsWithPngSignature(png.bytes)).toBe(true);
  });
});

describe('export system log', () => {
  it("by range: the console's records of the device and the phone's own log lines in it", async () => {
    const { id } = device(0);
    const { db } = f.running.cradle;
    await db.execute(
      `INSERT INTO device_events (org_id, device_id, event, account, created_at)
       VALUES ($1, $2, 'registered', '1001', now() - interval '10 minutes'),
              ($1, $2, 'reboot', NULL, now() - interval '3 days')`,
      [f.acme.orgId, id],
    );
    const exported = async (body: Record<string, unknown>) => {
      const started = await f.start({ deviceId: id, action: 'systemLog', ...body });
      expect(started.code, started.message).toBe(0);
      const row = await f.ended(started.rows[0]?.id ?? 0);
      expect(row.state).toBe('done');
      return { row, text: (await f.download(row.id)).bytes.toString('utf8') };
    };
    const phoneLines = (text: string) => text.split('\n').filter((line) => / user\.\w+ /.test(line));

    const day = await exported({ range: '1d' });
    expect(day.row.detail).toBe('Range: 1 day');
    expect(day.text).toMatch(/^# Console records of this device from /);
    expect(day.text).toMatch(/Z event registered account=1001\n/);
    expect(day.text).not.toMatch(/event reboot/);
    // The simulated phone's log holds 200 lines of the last hour.
    expect(phoneLines(day.text)).toHaveLength(200);

    const all = await exported({ range: 'all' });
    expect(all.text).toMatch(/event reboot/);

    const now = Date.now();
    const half = await exported({
      range: 'custom',
      startTime: new Date(now - 30 * 60_000).toISOString(),
      endTime: new Date(now).toISOString(),
    });
    const kept = phoneLines(half.text).length;
    expect(kept).toBeGreaterThan(80);
    expect(kept).toBeLessThan(120);
    expect(half.text).toMatch(/event registered/);
  });
});
