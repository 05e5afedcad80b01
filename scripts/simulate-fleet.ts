/**
 * A demo fleet of simulated phones against a running console (docs/phone-simulator.md):
 *
 *   node --import tsx scripts/simulate-fleet.ts --url http://127.0.0.1:8080 --count 50 --user <prov user> --password <pw>
 *
 * Every phone fetches its configuration, reports setup completed and its registration through the
 * action URLs, then answers SIP (NOTIFY check-sync, OPTIONS) and now and then ends a call. It
 * registers nothing itself: phones whose MAC is not a device of the console show up as unknown
 * devices. Ctrl-C stops it.
 */
import { parseArgs } from 'node:util';
import ciscoMpp from '@phonefleet/driver-cisco-mpp';
import fanvil from '@phonefleet/driver-fanvil';
import grandstream from '@phonefleet/driver-grandstream';
import h2 from '@phonefleet/driver-h2';
import poly from '@phonefleet/driver-poly';
import snom from '@phonefleet/driver-snom';
import vSeries from '@phonefleet/driver-v-series';
import yealink from '@phonefleet/driver-yealink';
import { type DriverManifest, macWithColons, parseDriver } from '@phonefleet/sdk';
import { type FleetModel, SimulatedFleet, type SimulatedPhone } from '@phonefleet/sdk/testing';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    count: { type: 'string', default: '50' },
    user: { type: 'string' },
    password: { type: 'string' },
    models: { type: 'string', default: 'H2P,V64' },
    'address-base': { type: 'string', default: '127.1.0.0' },
    'mac-base': { type: 'string' },
    mode: { type: 'string', default: 'sockets' },
    'sip-port': { type: 'string' },
    'http-port': { type: 'string' },
    'activity-seconds': { type: 'string', default: '30' },
    help: { type: 'boolean', default: false },
  },
});

const usage = `Usage: node --import tsx scripts/simulate-fleet.ts --url <console URL> [options]
  --count N             phones (default 50)
  --user, --password    provisioning digest credentials of the phones' organization
  --models H2P,V64      models handed out in turn (H2, H2P, V62, V64, V65, V67, Yealink T41S … T48U,
                        Snom D712 … D785, Grandstream GXP2160, GXP2170, GRP2612 … GRP2616,
                        Fanvil X3U … X303, Cisco CP-6821 … CP-8861, Poly VVX_150 … VVX_450,
                        Edge_E220 … Edge_E450)
  --address-base IP     phone i lives at base + i + 1 (default 127.1.0.0)
  --mac-base HEX12      first MAC (default: random, locally administered)
  --mode sockets|shared one SIP socket and web UI per phone (default), or one shared by all
  --sip-port N          SIP port (default 5060 per phone; 0 = a free one, reported in action URLs)
  --http-port N         web UI port (default 80 per phone; 0 = a free one)
  --activity-seconds N  every N seconds some phones end a call or re-register (0 = none)`;

if (values.help || !values.url) {
  console.log(usage);
  process.exit(values.help ? 0 : 2);
}

const drivers: DriverManifest[] = [
  parseDriver('@phonefleet/driver-h2', h2),
  parseDriver('@phonefleet/driver-v-series', vSeries),
  parseDriver('@phonefleet/driver-yealink', yealink),
  parseDriver('@phonefleet/driver-snom', snom),
  parseDriver('@phonefleet/driver-grandstream', grandstream),
  parseDriver('@phonefleet/driver-fanvil', fanvil),
  parseDriver('@phonefleet/driver-cisco-mpp', ciscoMpp),
  parseDriver('@phonefleet/driver-poly', poly),
];
const models: FleetModel[] = (values.models ?? '').split(',').map((id) => {
  const driver = drivers.find((d) => d.models.some((m) => m.id.toUpperCase() === id.trim().toUpperCase()));
  const model = driver?.models.find((m) => m.id.toUpperCase() === id.trim().toUpperCase());
  if (!driver || !model)
    throw new Error(
      `unknown model ${id}; known: ${drivers.flatMap((d) => d.models.map((m) => m.id)).join(', ')}`,
    );
  return { driver, model: model.id };
});
const mode = values.mode === 'shared' ? 'shared' : 'sockets';
const port = (text: string | undefined) => (text === undefined ? undefined : Number(text));
const credentials =
  values.user && values.password ? { username: values.user, password: values.password } : undefined;

const fleet = await SimulatedFleet.start({
  consoleUrl: values.url,
  count: Number(values.count),
  models,
  credentials,
  addressBase: values['address-base'],
  macBase: values['mac-base'],
  mode,
  sipPort: port(values['sip-port']),
  httpPort: port(values['http-port']),
});
const first = fleet.phones[0] as SimulatedPhone;
const last = fleet.phones.at(-1) as SimulatedPhone;
console.log(
  `Started ${fleet.phones.length} phones (${models.map((m) => m.model).join(', ')}) on ${first.address} - ${last.address}, ` +
    `SIP port ${first.sipPort}${mode === 'shared' ? ' (shared socket)' : ''}, console ${values.url}` +
    (credentials ? ` as ${credentials.username}` : ' without credentials'),
);

// Boot: fetch, then setup completed and registration through the action URLs.
const fetchStatuses = new Map<number, number>();
const reportStatuses = new Map<number, number>();
const refused: SimulatedPhone[] = [];
const tally = (map: Map<number, number>, status: number) => map.set(status, (map.get(status) ?? 0) + 1);
const failures = await fleet.each(async (phone) => {
  const fetched = await phone.fetchConfig({ conditional: true });
  tally(fetchStatuses, fetched.status);
  if (fetched.status !== 200 && fetched.status !== 304) refused.push(phone);
  tally(reportStatuses, await phone.report('setupCompleted'));
  if (phone.options.account) tally(reportStatuses, await phone.report('registered'));
}, 32);
const describe = (map: Map<number, number>) =>
  [...map].map(([status, n]) => `${status} x${n}`).join(', ') || 'none';
console.log(
  `Configuration fetches: ${describe(fetchStatuses)}. Action URL reports: ${describe(reportStatuses)}.`,
);
if (failures.length > 0)
  console.log(`${failures.length} phones could not reach the console: ${failures[0]?.message}`);
if (refused.length > 0) {
  const sample = refused.slice(0, 5).map((p) => `${macWithColons(p.options.mac)} (${p.options.model})`);
  console.log(
    `${refused.length} phones were refused (404: not a device of the console, they appear as unknown devices; ` +
      `401: wrong or missing credentials), e.g. ${sample.join(', ')}`,
  );
}

const activitySeconds = Number(values['activity-seconds']);
const random = (max: number) => Math.round(Math.random() * max * 10) / 10;
/** Mostly good calls, some fair or poor (quality thresholds: docs/device-events.md). */
const callFigures = () => {
  const scale = Math.random() < 0.7 ? 1 : 3;
  return { delayMs: random(180 * scale), jitterMs: random(14 * scale), lossPercent: random(1.8 * scale) };
};
const activity =
  activitySeconds > 0
    ? setInterval(() => {
        for (const phone of fleet.phones) {
          const roll = Math.random();
          if (roll < 0.1) {
            void phone.report('callEnd', callFigures()).catch(() => undefined);
          } else if (roll < 0.11 && phone.options.account) {
            void phone.report('registrationFailed').then(
              () => phone.report('registered'),
              () => undefined,
            );
          }
        }
        const { notifies, fetches, reports } = fleet.counters;
        console.log(
          `${new Date().toISOString()} NOTIFYs received ${notifies}, fetches ${fetches}, reports ${reports}`,
        );
      }, activitySeconds * 1000)
    : undefined;

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  clearInterval(activity);
  const { notifies, fetches, reports } = fleet.counters;
  await fleet.stop();
  console.log(`Stopped. NOTIFYs received ${notifies}, fetches ${fetches}, reports ${reports}.`);
  process.exit(0);
};
// `on`, not `once`: under npm or tsx a Ctrl-C arrives twice (the terminal's and the relay).
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
console.log('Answering SIP on every phone; Ctrl-C stops.');
