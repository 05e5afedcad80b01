import { createSocket, type Socket } from 'node:dgram';
import net from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningConsole, startConsole } from '../../app.js';
import { type ConsoleOptions, loadConfig } from '../../config.js';
import { createTestDatabase, TEST_ADMIN_PASSWORD } from '../../testing/test-console.js';

/** The boot's log lines, to read its warnings. */
function capturingLogger(lines: { level: number; msg: string }[]) {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as { level: number; msg: string });
      }
      done();
    },
  });
  return pino({ level: 'warn' }, sink);
}

function bindUdp(port: number): Promise<Socket> {
  const socket = createSocket('udp4');
  return new Promise((resolve, reject) => {
    socket.once('error', (error) => {
      socket.close();
      reject(error);
    });
    socket.bind(port, '127.0.0.1', () => resolve(socket));
  });
}

const held: { close(): void }[] = [];
const consoles: RunningConsole[] = [];
afterEach(async () => {
  await Promise.all(consoles.splice(0).map((running) => running.stop()));
  for (const resource of held.splice(0)) resource.close();
});

async function boot(options: ConsoleOptions, logger = pino({ level: 'silent' })): Promise<RunningConsole> {
  const running = await startConsole(
    {
      port: 0,
      host: '127.0.0.1',
      sipAddress: '127.0.0.1',
      databaseUrl: await createTestDatabase(),
      adminPassword: TEST_ADMIN_PASSWORD,
      ...options,
    },
    logger,
  );
  consoles.push(running);
  return running;
}

describe('SIP port at boot', () => {
  it('a taken default port (5060) gives way to a free one, with a warning', async () => {
    // Whoever holds 127.0.0.1:5060 (this test, or another SIP program on the host), it is taken.
    const holder = await bindUdp(5060).catch(() => undefined);
    if (holder) held.push(holder);
    const lines: { level: number; msg: string }[] = [];
    const running = await boot({}, capturingLogger(lines));
    const port = running.cradle.taskEngine.sipAddress?.port;
    expect(port).toBeGreaterThan(0);
    expect(port).not.toBe(5060);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: `SIP port 127.0.0.1:5060 is already in use by another program; NOTIFYs are sent from port ${port} instead (set SIP_PORT to choose one)`,
      }),
    );
  }, 60_000);

  it('an explicitly configured port that is taken fails the boot with a clear error', async () => {
    const holder = await bindUdp(0);
    held.push(holder);
    const port = holder.address().port;
    await expect(boot({ sipPort: port })).rejects.toThrow(
      `SIP port 127.0.0.1:${port} is already in use by another program: stop it or set SIP_PORT to a free port`,
    );
  }, 60_000);

  it('SIP_PORT in the environment counts as explicit, its absence does not', () => {
    expect(loadConfig({}, {}).sipPortExplicit).toBe(false);
    expect(loadConfig({}, { SIP_PORT: '5070' })).toMatchObject({ sipPort: 5070, sipPortExplicit: true });
    expect(loadConfig({ sipPort: 5060 }, {}).sipPortExplicit).toBe(true);
  });
});

describe('a boot that fails after the task engine started', () => {
  it('leaves nothing running: the SIP port is free again and no timer or socket remains', async () => {
    // A free SIP port for the engine, and an HTTP port already in use: the boot fails at listen,
    // after the engine bound its socket and started its passes.
    const probe = await bindUdp(0);
    const sipPort = probe.address().port;
    probe.close();
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    held.push(taken);
    const httpPort = (taken.address() as net.AddressInfo).port;
    const databaseUrl = await createTestDatabase();
    const before = process.getActiveResourcesInfo();

    await expect(boot({ port: httpPort, sipPort, databaseUrl })).rejects.toThrow(/EADDRINUSE/);

    // Let closed handles go.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const count = (list: string[], kind: string) => list.filter((resource) => resource === kind).length;
    const after = process.getActiveResourcesInfo();
    expect(count(after, 'UDPWRAP')).toBe(count(before, 'UDPWRAP'));
    expect(count(after, 'Timeout')).toBeLessThanOrEqual(count(before, 'Timeout'));
    expect(count(after, 'TCPSocketWrap')).toBeLessThanOrEqual(count(before, 'TCPSocketWrap'));
    held.push(await bindUdp(sipPort));
  }, 60_000);
});
