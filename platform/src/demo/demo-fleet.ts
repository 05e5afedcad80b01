import {
  type CallQuality,
  type FleetModel,
  SimulatedFleet,
  type SimulatedPhone,
} from '@phonefleet/sdk/testing';
import type { Cradle } from '../modules/index.js';
import { addDemoDevices, type DemoOrganization, seedDemoOrganization } from './demo-seed.js';

export interface DemoFleetOptions {
  /** Where the phones reach the console (its provisioning and action URLs). */
  consoleUrl: string;
  count: number;
  /** Phone i lives at base + i + 1 on loopback (docs/phone-simulator.md). */
  addressBase: string;
  /** The first phone's MAC; the same base finds the same devices at the next demo start. */
  macBase: string;
  /** Every n-th phone stays silent: added as a device, never heard from, so offline. */
  offlineEvery: number;
}

export interface DemoFleet {
  fleet: SimulatedFleet;
  organization: DemoOrganization;
  /** Devices this start added (0 when an earlier demo start did). */
  added: number;
  online: SimulatedPhone[];
  offline: SimulatedPhone[];
  /** Calls the phones reported since this start (a first round of each quality, then `converse`'s). */
  readonly calls: number;
  /** Some phones end a call (of any quality): the demo's heartbeat. */
  converse(share: number): Promise<number>;
  stop(): Promise<void>;
}

/** Figures (averages) of calls the console rates good, fair and poor (docs/device-events.md). */
const CALL_FIGURES = {
  good: { delayMs: 45, jitterMs: 4, lossPercent: 0.3 },
  fair: { delayMs: 280, jitterMs: 20, lossPercent: 4 },
  poor: { delayMs: 650, jitterMs: 45, lossPercent: 12 },
} as const;

type Quality = keyof typeof CALL_FIGURES;

/** Mostly good calls, some fair, a few poor. */
function pickQuality(roll: number): Quality {
  return roll < 0.7 ? 'good' : roll < 0.9 ? 'fair' : 'poor';
}

/** The figures nudged by up to 10 %, staying inside their quality's band. */
function nudge(figures: CallQuality): CallQuality {
  const by = (value: number) => Math.round(value * (0.95 + Math.random() * 0.1) * 10) / 10;
  return {
    delayMs: by(figures.delayMs),
    jitterMs: by(figures.jitterMs),
    lossPercent: by(figures.lossPercent),
  };
}

/**
 * The demo's fleet against a running console: its organization (sites, model templates, phone
 * credentials), simulated phones of every model of every loaded driver, added as devices before they
 * first ask (so none is unknown), then booted (fetch, setup completed, registered) and a first
 * round of calls of each quality. Every `offlineEvery`-th phone stays silent and shows offline.
 */
export async function startDemoFleet(deps: Cradle, options: DemoFleetOptions): Promise<DemoFleet> {
  const models: FleetModel[] = deps.driverRegistry
    .models()
    .map(({ driver, model }) => ({ driver, model: model.id }));
  if (models.length === 0) throw new Error('no phone driver is loaded: the demo has no models to simulate');
  const organization = await seedDemoOrganization(
    deps,
    models.map((model) => model.model),
  );
  const fleet = await SimulatedFleet.start({
    consoleUrl: options.consoleUrl,
    count: options.count,
    models,
    credentials: organization.phoneCredentials,
    addressBase: options.addressBase,
    macBase: options.macBase,
    sipPort: 0,
    httpPort: false,
  });
  try {
    const added = await addDemoDevices(
      deps,
      organization,
      fleet.phones.map((phone) => ({
        mac: phone.options.mac,
        model: phone.options.model,
        firmware: phone.firmware,
      })),
    );
    const silent = new Set(
      fleet.phones.filter((_, index) => index % options.offlineEvery === options.offlineEvery - 1),
    );
    for (const phone of silent) phone.offline();
    const online = fleet.phones.filter((phone) => !silent.has(phone));
    const eachOnline = async (work: (phone: SimulatedPhone, index: number) => Promise<unknown>) => {
      const failures = await fleet.each(
        (phone) => (silent.has(phone) ? Promise.resolve() : work(phone, online.indexOf(phone))),
        16,
      );
      if (failures.length > 0) throw failures[0];
    };
    await eachOnline((phone) => phone.boot());
    let calls = 0;
    const call = async (phone: SimulatedPhone, quality: Quality) => {
      const status = await phone.report('callEnd', nudge(CALL_FIGURES[quality]));
      if (status < 300) calls += 1;
    };
    // A first round with every quality: two good calls each, a fair one every third phone, a poor one every fifth.
    await eachOnline(async (phone, index) => {
      await call(phone, 'good');
      await call(phone, 'good');
      if (index % 3 === 0) await call(phone, 'fair');
      if (index % 5 === 0) await call(phone, 'poor');
    });
    const converse = async (share: number) => {
      const before = calls;
      await eachOnline(async (phone) => {
        if (Math.random() < share) await call(phone, pickQuality(Math.random()));
      });
      return calls - before;
    };
    return {
      fleet,
      organization,
      added,
      online,
      offline: [...silent],
      get calls() {
        return calls;
      },
      converse,
      stop: () => fleet.stop(),
    };
  } catch (error) {
    await fleet.stop();
    throw error;
  }
}
