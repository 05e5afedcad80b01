import { Writable } from 'node:stream';
import { buildUaProfileSubscribe, type SipResponse, SipUdpEndpoint } from '@phonefleet/sdk/sip';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { createTenant, insertDevices } from '../../testing/tenants.js';
import { createTestConsole } from '../../testing/test-console.js';
import { SUBSCRIBES_PER_ADDRESS } from './subscribe-limit.js';

const PHONE = { model: 'T54W', mac: '805ec0a0b001' };
const OVER_LIMIT = 'plug-and-play SUBSCRIBEs from this address are over the limit';

let running: RunningConsole;
const logged: { msg: string; address?: string }[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logged.push(JSON.parse(line));
      done();
    },
  });
  running = await createTestConsole(
    { pnp: { enabled: true, group: '', address: '127.0.0.1', port: 0, url: 'http://192.0.2.1/prov/' } },
    pino({ level: 'warn' }, sink),
  );
  const acme = await createTenant(running.cradle.db, 'enterprise', 'Acme');
  await insertDevices(running.cradle.db, acme, [PHONE]);
}, 60_000);

afterAll(async () => {
  await running?.stop();
});

/** `count` plug-and-play SUBSCRIBEs (each a new transaction) sent at once from `address`; what each got. */
async function subscribeFrom(address: string, count: number): Promise<{ answered: number; silent: number }> {
  // A short T1: an unanswered SUBSCRIBE gives up after 64 × 50 ms, retransmitted meanwhile.
  const sip = await SipUdpEndpoint.bind({ address, port: 0 }, { t1Ms: 50 });
  sip.onRequest(() => ({ status: 200 }));
  const target = { host: '127.0.0.1', port: running.cradle.pnpResponder.listening?.port ?? 9 };
  try {
    const answers = await Promise.allSettled(
      Array.from({ length: count }, () => {
        const subscribe = buildUaProfileSubscribe(
          {
            ...PHONE,
            vendor: 'Yealink',
            version: '96.86.0.70',
            userAgent: 'Yealink SIP-T54W 96.86.0.70',
            contact: { host: address, port: sip.address.port },
          },
          target,
        );
        return sip.sendRequest(target, subscribe.request);
      }),
    );
    const answered = answers.filter(
      (a): a is PromiseFulfilledResult<SipResponse> => a.status === 'fulfilled' && a.value.status === 200,
    ).length;
    return { answered, silent: answers.filter((a) => a.status === 'rejected').length };
  } finally {
    await sip.close();
  }
}

describe('a host flooding plug-and-play SUBSCRIBEs', () => {
  it('gets the limit answered and silence beyond it, logged once, counted; another address is still answered', async () => {
    const flood = await subscribeFrom('127.0.0.3', SUBSCRIBES_PER_ADDRESS + 10);
    expect(flood).toEqual({ answered: SUBSCRIBES_PER_ADDRESS, silent: 10 });
    // Each unanswered datagram counts, the retransmissions of the ten transactions too.
    expect(running.cradle.pnpResponder.limited).toBeGreaterThanOrEqual(10);
    expect(logged.filter((line) => line.msg.startsWith(OVER_LIMIT))).toEqual([
      expect.objectContaining({ address: '127.0.0.3' }),
    ]);
    // The database was asked only for the answered ones: one claim per transaction answered.
    const claims = await running.cradle.db.one<{ count: string }>('SELECT count(*) AS count FROM pnp_claims');
    expect(Number(claims?.count)).toBe(SUBSCRIBES_PER_ADDRESS);

    expect(await subscribeFrom('127.0.0.4', 1)).toEqual({ answered: 1, silent: 0 });
  }, 30_000);
});
