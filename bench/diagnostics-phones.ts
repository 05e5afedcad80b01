import { parentPort, workerData } from 'node:worker_threads';
import h2Package from '@phonefleet/driver-h2';
import { parseDriver } from '@phonefleet/sdk';

const h2 = parseDriver('@phonefleet/driver-h2', h2Package);

import { SimulatedFleet } from '@phonefleet/sdk/testing';

/** What the diagnostics benchmark hands its phone thread. */
export interface DiagnosticPhonesData {
  consoleUrl: string;
  count: number;
  addressBase: string;
  macBase: string;
  /** What the phones fetch their configuration with. */
  provisioning: { username: string; password: string };
  /** The phones' administrator credentials (SSH). */
  admin: { username: string; password: string };
  logBytesPerSecond: number;
}

export type DiagnosticPhonesRequest = { type: 'boot' } | { type: 'openConnections' } | { type: 'close' };

export type DiagnosticPhonesMessage =
  | { type: 'ready'; macs: string[]; sshPorts: number[] }
  | { type: 'booted'; failures: string[] }
  | { type: 'openConnections'; count: number };

/**
 * The simulated phones of bench/diagnostics.ts on a thread of their own (SSH with `ssh2`'s server
 * side, log captures with stamped lines), so that their work does not delay the thread whose
 * socket.io clients time the output's arrival.
 */
async function run(data: DiagnosticPhonesData): Promise<void> {
  const port = parentPort;
  if (!port) return;
  const fleet = await SimulatedFleet.start({
    consoleUrl: data.consoleUrl,
    count: data.count,
    models: [{ driver: h2, model: 'H2P' }],
    addressBase: data.addressBase,
    macBase: data.macBase,
    sipPort: 0,
    httpPort: false,
    accountBase: false,
    credentials: data.provisioning,
    ssh: { port: 0, credentials: data.admin, logBytesPerSecond: data.logBytesPerSecond, stampLogLines: true },
  });
  const say = (message: DiagnosticPhonesMessage) => port.postMessage(message);
  port.on('message', (request: DiagnosticPhonesRequest) => {
    if (request.type === 'boot') {
      void fleet
        .each((phone) => phone.boot())
        .then((failures) => say({ type: 'booted', failures: failures.map((error) => error.message) }));
    } else if (request.type === 'openConnections') {
      say({
        type: 'openConnections',
        count: fleet.phones.reduce((sum, phone) => sum + (phone.ssh?.openConnections ?? 0), 0),
      });
    } else if (request.type === 'close') {
      void fleet.stop().then(() => port.close());
    }
  });
  say({
    type: 'ready',
    macs: fleet.phones.map((phone) => phone.options.mac),
    sshPorts: fleet.phones.map((phone) => phone.ssh?.port ?? 0),
  });
}

if (parentPort) void run(workerData as DiagnosticPhonesData);
