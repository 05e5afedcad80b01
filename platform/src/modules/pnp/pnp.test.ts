import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildUaProfileSubscribe,
  headerParameter,
  readUaProfileNotify,
  type SipRequest,
  type SipResponse,
  SipUdpEndpoint,
} from '@phonefleet/sdk/sip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { createTenant, insertDevices } from '../../testing/tenants.js';
import { ApiClient, createTestConsole } from '../../testing/test-console.js';
import { paramItem } from '../../testing/vendor-fleet.js';
import type { ChildPlan, PhaseOutcome } from './zero-touch-child.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const ACME_YEALINK = { model: 'T54W', mac: '805ec0a0a001' };
const GLOBEX_SNOM = { model: 'D785', mac: '000413a0a002' };
const STRANGER = { model: 'T54W', mac: '805ec0a0a0ff' };

/**
 * How the child runs: in a network namespace of its own where loopback multicast can be switched
 * on (root: `unshare -n`; otherwise a user namespace, `unshare -rn`), or, where neither is allowed,
 * on this host's 127.0.0.1 unicast.
 */
function isolation(): { command: string[]; multicast: boolean } {
  const direct = ['node', '--import', 'tsx'];
  // ZERO_TOUCH_UNICAST=1 runs the fallback on purpose, to check it where namespaces work.
  if (process.env.ZERO_TOUCH_UNICAST === '1') return { command: direct, multicast: false };
  const setup = 'ip link set lo up && ip link set lo multicast on && ip route add 224.0.0.0/4 dev lo';
  for (const unshare of [
    ['unshare', '-n'],
    ['unshare', '-rn'],
  ]) {
    // The probe is the setup itself: a namespace without `ip` (iproute2) cannot run the test either.
    if (spawnSync(unshare[0] ?? '', [...unshare.slice(1), 'sh', '-c', setup]).status !== 0) continue;
    return { command: [...unshare, 'sh', '-c', `${setup} && exec "$0" "$@"`, ...direct], multicast: true };
  }
  return { command: direct, multicast: false };
}

/** The test database reached through PostgreSQL's socket file: a new network namespace has no route to the host's 127.0.0.1. */
async function socketUrl(running: RunningConsole): Promise<string> {
  const [row] = await running.cradle.db.query<{ dir: string }>(
    `SELECT split_part(current_setting('unix_socket_directories'), ',', 1) AS dir`,
    [],
  );
  const url = new URL(running.config.databaseUrl ?? '');
  url.searchParams.set('host', row?.dir ?? '/tmp');
  return url.toString();
}

function runChild(plan: ChildPlan, command: string[]): Promise<PhaseOutcome[]> {
  return new Promise((resolve, reject) => {
    const [program = 'node', ...args] = command;
    const child = spawn(program, [...args, path.join(here, 'zero-touch-child.ts')], {
      env: { ...process.env, PNP_CHILD_PLAN: JSON.stringify(plan) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('RESULT '));
      if (code !== 0 || !line) reject(new Error(`zero-touch child exited ${code}: ${err.slice(-2000)}`));
      else resolve(JSON.parse(line.slice('RESULT '.length)) as PhaseOutcome[]);
    });
  });
}

describe('zero-touch: phones that boot knowing nothing find the console by SIP plug-and-play', () => {
  let running: RunningConsole;
  let outcomes: PhaseOutcome[];
  const mode = isolation();

  beforeAll(async () => {
    running = await createTestConsole();
    const { db } = running.cradle;
    const acme = await createTenant(db, 'enterprise', 'Acme');
    const globex = await createTenant(db, 'enterprise', 'Globex');
    await insertDevices(db, acme, [ACME_YEALINK]);
    await insertDevices(db, globex, [GLOBEX_SNOM]);
    // Each tenant's phones are on a VLAN of its own: a phone's file shows whose configuration it got.
    for (const [tenant, vlan] of [
      [acme, '20'],
      [globex, '30'],
    ] as const) {
      const api = new ApiClient(running.url);
      await api.signIn(tenant.userName, tenant.password);
      const saved = await api.call('POST', '/tb-config/saveParam', {
        relationId: tenant.siteId,
        relationName: 'site',
        network: { ipParameter: { VLANId: paramItem('VLANId', vlan) } },
      });
      if (saved.code !== 0) throw new Error(`site parameters refused: ${saved.message}`);
    }
    // Say which transport ran: the test's log shows it.
    console.info(
      mode.multicast
        ? 'zero-touch test: loopback multicast 224.0.1.75:5060 in a network namespace'
        : 'zero-touch test: 127.0.0.1 unicast instead of multicast (no network namespace: refused here, or ZERO_TOUCH_UNICAST=1)',
    );
    outcomes = await runChild(
      {
        databaseUrl: await socketUrl(running),
        multicast: mode.multicast,
        phases: [
          { name: 'off', pnpEnabled: false, phones: [ACME_YEALINK] },
          {
            name: 'on',
            pnpEnabled: true,
            engineOn5060: mode.multicast,
            phones: [ACME_YEALINK, GLOBEX_SNOM, STRANGER],
          },
          { name: 'default', pnpEnabled: true, defaultUrlToConsole: true, phones: [STRANGER] },
        ],
      },
      mode.command,
    );
  }, 120_000);

  afterAll(async () => {
    await running?.stop();
  });

  const phase = (name: string) => {
    const found = outcomes.find((o) => o.name === name);
    if (!found) throw new Error(`no phase ${name}`);
    return found;
  };
  const phone = (name: string, mac: string) => phase(name).phones.find((p) => p.mac === mac);

  it('with plug-and-play off (the default) a phone gets no answer', () => {
    expect(phase('off').listening).toBeNull();
    expect(phone('off', ACME_YEALINK.mac)).toMatchObject({ url: null, status: null });
  });

  it("an Acme Yealink phone learns the console's URL and fetches its .cfg file, with Acme's VLAN", () => {
    const on = phase('on');
    expect(phone('on', ACME_YEALINK.mac)?.url).toBe(`${on.consoleUrl}/prov/`);
    const yealink = phone('on', ACME_YEALINK.mac);
    expect(yealink?.status).toBe(200);
    expect(yealink?.body).toMatch(/^#!version:1\.0\.0\.1/);
    expect(yealink?.values['network.ipParameter.VLANId']).toBe('20');
  });

  it("a Globex Snom phone gets its own tenant's URL and its XML settings, with Globex's VLAN", () => {
    const on = phase('on');
    const snom = phone('on', GLOBEX_SNOM.mac);
    expect(snom?.url).toBe(`${on.consoleUrl}/prov/`);
    expect(snom?.status).toBe(200);
    expect(snom?.body).toContain('<settings>');
    expect(snom?.values['network.ipParameter.VLANId']).toBe('30');
  });

  it('shares the task engine socket when it is on 0.0.0.0:5060 (multicast run)', () => {
    expect(phase('on').shared).toBe(mode.multicast);
  });

  it('a MAC in no device list gets nothing, or the default URL where one is set (and is refused there)', () => {
    expect(phone('on', STRANGER.mac)).toMatchObject({ url: null });
    const stranger = phone('default', STRANGER.mac);
    expect(stranger?.url).toBe(`${phase('default').consoleUrl}/prov/`);
    expect(stranger?.status).not.toBe(200);
  });

  it('the stranger sent to the default URL shows in the unknown-device list, ready to be added', async () => {
    const rows = await running.cradle.db.query<{ reason: string }>(
      'SELECT reason FROM unknown_devices WHERE mac = $1',
      [STRANGER.mac],
    );
    expect(rows.map((row) => row.reason)).toContain('MAC not in inventory');
  });
});

describe('several instances on one database', () => {
  let first: RunningConsole;
  let second: RunningConsole;
  const pnp = { enabled: true, group: '', address: '127.0.0.1', port: 0, url: 'http://192.0.2.1/prov/' };

  beforeAll(async () => {
    first = await createTestConsole({ pnp });
    second = await createTestConsole({ databaseUrl: first.config.databaseUrl, pnp });
    const acme = await createTenant(first.cradle.db, 'enterprise', 'Acme');
    await insertDevices(first.cradle.db, acme, [ACME_YEALINK]);
  }, 60_000);

  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  it('both hear one SUBSCRIBE and its retransmissions, the phone gets one 200 OK and one NOTIFY', async () => {
    const phoneSip = await SipUdpEndpoint.bind({ address: '127.0.0.1', port: 0 }, { t1Ms: 50 });
    const urls: string[] = [];
    const notifies: SipRequest[] = [];
    phoneSip.onRequest((request) => {
      const url = readUaProfileNotify(request);
      if (url) urls.push(url);
      notifies.push(request);
      return { status: 200 };
    });
    try {
      const subscribe = buildUaProfileSubscribe({
        ...ACME_YEALINK,
        vendor: 'Yealink',
        version: '96.86.0.70',
        userAgent: 'Yealink SIP-T54W 96.86.0.70',
        contact: { host: phoneSip.address.address, port: phoneSip.address.port },
      });
      // What multicast does: the same transaction (Call-ID, CSeq) reaches every instance.
      const headers = {
        ...subscribe.request.headers,
        'Call-ID': 'pnp-claim-test@127.0.0.1',
        CSeq: '1 SUBSCRIBE',
      };
      const answers = await Promise.allSettled(
        [first, second].map((instance) =>
          phoneSip.sendRequest(
            { host: '127.0.0.1', port: instance.cradle.pnpResponder.listening?.port ?? 9 },
            { ...subscribe.request, headers },
          ),
        ),
      );
      const ok = answers.filter(
        (a): a is PromiseFulfilledResult<SipResponse> => a.status === 'fulfilled' && a.value.status === 200,
      );
      expect(ok).toHaveLength(1);
      expect(answers.filter((a) => a.status === 'rejected')).toHaveLength(1);
      expect(urls).toEqual(['http://192.0.2.1/prov/']);
      // The NOTIFY is of the dialog the 200 OK opened (RFC 6665): Call-ID, the tags crossed over.
      const [notify] = notifies;
      const tag = (value: string | undefined) => headerParameter(value ?? '', 'tag');
      expect(notify?.headers.get('Call-ID')).toBe('pnp-claim-test@127.0.0.1');
      expect(tag(notify?.headers.get('From'))).toMatch(/^[0-9a-f]{12}$/);
      expect(tag(notify?.headers.get('From'))).toBe(tag(ok[0]?.value.headers.get('To')));
      expect(tag(notify?.headers.get('To'))).toBe(subscribe.subscription.fromTag);
      // Both name the answering instance's side of the dialog (RFC 3261 §12.1.1): its address and port.
      const contacts = [first, second].map(
        (instance) => `<sip:127.0.0.1:${instance.cradle.pnpResponder.listening?.port}>`,
      );
      const contact = ok[0]?.value.headers.get('Contact');
      expect(contacts).toContain(contact);
      expect(notify?.headers.get('Contact')).toBe(contact);
    } finally {
      await phoneSip.close();
    }
  }, 30_000);

  it('leaves other requests unanswered: another event, a profile of another type, OPTIONS', async () => {
    const sip = await SipUdpEndpoint.bind({ address: '127.0.0.1', port: 0 }, { t1Ms: 20 });
    const target = { host: '127.0.0.1', port: first.cradle.pnpResponder.listening?.port ?? 9 };
    const from = `<sip:${ACME_YEALINK.mac}@224.0.1.75>`;
    try {
      const answers = await Promise.allSettled([
        sip.sendRequest(target, {
          method: 'SUBSCRIBE',
          uri: 'sip:224.0.1.75',
          headers: { From: from, Event: 'presence' },
        }),
        sip.sendRequest(target, {
          method: 'SUBSCRIBE',
          uri: 'sip:224.0.1.75',
          headers: { From: from, Event: 'ua-profile;profile-type="user"' },
        }),
        sip.sendRequest(target, { method: 'OPTIONS', uri: 'sip:224.0.1.75', headers: { From: from } }),
      ]);
      expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected', 'rejected']);
    } finally {
      await sip.close();
    }
  });

  it('a group it cannot join (no such interface) does not stop the console: unicast is still answered', async () => {
    const lonely = await createTestConsole({
      databaseUrl: first.config.databaseUrl,
      pnp: { ...pnp, group: '224.0.1.75', interfaceAddress: '192.0.2.77' },
    });
    try {
      expect(lonely.cradle.pnpResponder.listening?.port).toBeGreaterThan(0);
    } finally {
      await lonely.stop();
    }
  });
});
