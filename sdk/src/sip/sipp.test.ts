import { spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { SipUdpEndpoint } from './endpoint.js';
import { buildNotify } from './notify.js';

const scenarios = fileURLToPath(new URL('./sipp/', import.meta.url));
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function freeUdpPort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

/** Waits until a UDP socket is bound on the port (Linux /proc/net/udp, hex local port). */
async function waitForUdpPort(port: number): Promise<void> {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')} `;
  for (let i = 0; i < 100; i += 1) {
    if ((await readFile('/proc/net/udp', 'utf8')).includes(hex)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing listens on UDP ${port}`);
}

/** sipp as the phone (UAS) running one call of a scenario; resolves with its exit code and messages. */
async function startSipp(scenario: string, extra: string[] = []) {
  const port = await freeUdpPort();
  const logs = await mkdtemp(join(tmpdir(), 'sipp-'));
  const messageLog = join(logs, 'messages.log');
  const child = spawn(
    'sipp',
    [
      ...['-sf', join(scenarios, scenario), '-i', '127.0.0.1', '-p', String(port), '-m', '1'],
      ...['-nostdin', '-timeout', '20s', '-timeout_error', '-trace_msg', '-message_file', messageLog],
      ...extra,
    ],
    { stdio: 'ignore', cwd: logs },
  );
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  cleanups.push(async () => {
    child.kill();
    await exited;
    await rm(logs, { recursive: true, force: true });
  });
  await waitForUdpPort(port);
  const receivedNotifies = async () =>
    ((await readFile(messageLog, 'utf8')).match(/message received[^\n]*\n\nNOTIFY /g) ?? []).length;
  return { port, exited, receivedNotifies };
}

describe('NOTIFY against sipp as the phone', () => {
  it('gets the 200 OK of a sipp UAS, which ends successfully', async () => {
    const sipp = await startSipp('notify-uas.xml');
    const endpoint = await SipUdpEndpoint.bind({ address: '127.0.0.1', port: 0 });
    cleanups.push(() => endpoint.close());
    const notify = buildNotify({
      target: { user: '1001', host: '127.0.0.1', port: sipp.port },
      event: 'check-sync',
      from: { host: '127.0.0.1' },
    });
    const response = await endpoint.sendRequest(notify.target, notify.request);
    expect(response.status).toBe(200);
    expect(response.headers.get('To')).toMatch(/SIPpTag/);
    expect(await sipp.exited).toBe(0);
    expect(await sipp.receivedNotifies()).toBe(1);
  });

  it('is answered through its retransmission when sipp ignores the first NOTIFY', async () => {
    // -nr: sipp does not treat the identical retransmission as one, so it matches the second <recv>.
    const sipp = await startSipp('notify-uas-ignore-first.xml', ['-nr']);
    const endpoint = await SipUdpEndpoint.bind({ address: '127.0.0.1', port: 0 }, { t1Ms: 100 });
    cleanups.push(() => endpoint.close());
    const notify = buildNotify({
      target: { host: '127.0.0.1', port: sipp.port },
      event: 'check-sync;reboot=false',
    });
    const started = performance.now();
    const response = await endpoint.sendRequest(notify.target, notify.request);
    expect(response.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
    expect(await sipp.exited).toBe(0);
    expect(await sipp.receivedNotifies()).toBe(2);
  });
});
