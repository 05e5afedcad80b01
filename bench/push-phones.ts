import { parentPort, workerData } from 'node:worker_threads';
import h2Package from '@phonefleet/driver-h2';
import { parseDriver } from '@phonefleet/sdk';

const h2 = parseDriver('@phonefleet/driver-h2', h2Package);

import { SimulatedFleet } from '@phonefleet/sdk/testing';

/** What the push benchmark hands its phone thread. */
export interface PhoneFleetData {
  consoleUrl: string;
  devices: number;
  /** Phones with a UDP socket of their own; the others share one wildcard-bound socket. */
  ownSockets: number;
  /** MAC of the first phone (12 hex digits). */
  macBase: string;
}

/** Where the console finds each phone: its MAC, address (its fetches leave from it) and SIP port. */
export interface PhoneAddresses {
  macs: string[];
  addresses: string[];
  sipPorts: number[];
}

export type PhoneFleetMessage =
  | ({ type: 'ready' } & PhoneAddresses)
  | { type: 'progress'; notified: number; fetched: number; allNotifiedAt: number | undefined };

/** Phones acting on a NOTIFY at once, per fleet: each fetch is a connection of its own, as on a phone. */
const REACTION_CONCURRENCY = 64;

/**
 * The simulated fleet of bench/push.ts on a thread of its own, so that the phones do not share
 * the console's event loop: `SimulatedFleet` phones (docs/phone-simulator.md) answer every NOTIFY
 * with 200 and fetch their file over HTTP from their own 127.x address. The first `ownSockets`
 * phones bind a UDP socket each (sockets mode); the bulk shares one socket (shared mode).
 */
async function run(data: PhoneFleetData): Promise<void> {
  const port = parentPort;
  if (!port) return;
  const model = { driver: h2, model: 'H2P', firmware: '2.14.0.5' };
  const common = {
    consoleUrl: data.consoleUrl,
    models: [model],
    httpPort: false as const,
    accountBase: false as const,
    reactionConcurrency: REACTION_CONCURRENCY,
  };
  const fleets: SimulatedFleet[] = [];
  if (data.ownSockets > 0) {
    fleets.push(
      await SimulatedFleet.start({
        ...common,
        mode: 'sockets',
        count: data.ownSockets,
        addressBase: '127.1.0.0',
        macBase: data.macBase,
        sipPort: 0,
      }),
    );
  }
  if (data.devices > data.ownSockets) {
    fleets.push(
      await SimulatedFleet.start({
        ...common,
        mode: 'shared',
        count: data.devices - data.ownSockets,
        addressBase: '127.100.0.0',
        macBase: (BigInt(`0x${data.macBase}`) + BigInt(data.ownSockets)).toString(16).padStart(12, '0'),
      }),
    );
  }
  const phones = fleets.flatMap((fleet) => fleet.phones);
  let allNotifiedAt: number | undefined;
  const progress = setInterval(() => {
    let notified = 0;
    let fetched = 0;
    let lastNotifyAt = 0;
    for (const phone of phones) {
      if (phone.notifies > 0) notified += 1;
      fetched += phone.fetches;
      lastNotifyAt = Math.max(lastNotifyAt, phone.lastNotifyAt ?? 0);
    }
    if (notified === phones.length && allNotifiedAt === undefined) allNotifiedAt = lastNotifyAt;
    port.postMessage({ type: 'progress', notified, fetched, allNotifiedAt } satisfies PhoneFleetMessage);
  }, 100);
  port.on('message', (message: { type: 'close' }) => {
    if (message.type !== 'close') return;
    clearInterval(progress);
    void Promise.all(fleets.map((fleet) => fleet.stop())).then(() => port.close());
  });
  port.postMessage({
    type: 'ready',
    macs: phones.map((phone) => phone.options.mac),
    addresses: phones.map((phone) => phone.address),
    sipPorts: phones.map((phone) => phone.sipPort),
  } satisfies PhoneFleetMessage);
}

if (parentPort) void run(workerData as PhoneFleetData);
