import http from 'node:http';
import type { AddressInfo } from 'node:net';
import h2Package from '@phonefleet/driver-h2';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseDriver } from '../driver.js';
import { SipUdpEndpoint } from '../sip/endpoint.js';
import type { SipRequest, SipResponse } from '../sip/message.js';
import { buildUaProfileNotify, readUaProfileSubscribe } from '../sip/plug-and-play.js';
import { SimulatedPhone } from './phone-simulator.js';

const h2 = parseDriver('@phonefleet/driver-h2', h2Package);

/** Serves every file and action URL with 200: the phone's boot after discovery has somewhere to go. */
let server: http.Server;
let consoleUrl: string;
/** The console stand-in's SIP side: it answers the SUBSCRIBE and sends the NOTIFYs a test scripts. */
let notifier: SipUdpEndpoint;
let phone: SimulatedPhone;

/** How the stand-in answers: the 200's To tag, and the NOTIFYs it sends after it, in order. */
let script: {
  dialogTag: string;
  notifies: ((subscribe: SipRequest, base: ReturnType<typeof buildUaProfileNotify>) => void)[];
};
/** The phone's answers to the stand-in's NOTIFYs, in the order they were sent. */
const answers: Promise<SipResponse>[] = [];

beforeAll(async () => {
  server = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end(''));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  consoleUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  notifier = await SipUdpEndpoint.bind({ address: '127.0.0.1', port: 0 }, { t1Ms: 50 });
  notifier.onRequest((request, remote) => {
    const subscribe = readUaProfileSubscribe(request, remote);
    if (!subscribe) return undefined;
    const base = buildUaProfileNotify(subscribe, request, `${consoleUrl}/prov/`, {
      dialogTag: script.dialogTag,
      contactUri: notifier.contactUri,
    });
    // One after another, each once the phone answered the one before, after the 200 OK went out.
    setImmediate(async () => {
      for (const send of script.notifies) {
        send(request, base);
        await answers.at(-1)?.catch(() => undefined);
      }
    });
    return { status: 200, toTag: script.dialogTag };
  });
});
afterAll(async () => {
  await notifier?.close();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});
afterEach(async () => {
  await phone?.stop();
  answers.length = 0;
});

async function bootPhone(): Promise<string | undefined> {
  phone = new SimulatedPhone({
    driver: h2,
    model: 'H2P',
    mac: '0015650e0001',
    firmware: '2.14.0.5',
    consoleUrl,
    address: '127.0.0.1',
    sipPort: 0,
    httpPort: false,
  });
  await phone.start();
  return phone.bootZeroTouch({ target: { host: '127.0.0.1', port: notifier.address.port }, timeoutMs: 1500 });
}

/** Sends the NOTIFY with some headers changed (and another URL, so a wrongly taken one shows). */
const send =
  (headers: Record<string, string>, url = 'http://127.0.0.1:9/elsewhere/') =>
  (_subscribe: SipRequest, base: ReturnType<typeof buildUaProfileNotify>) => {
    answers.push(
      notifier.sendRequest(base.target, {
        ...base.request,
        headers: { ...base.request.headers, ...headers },
        body: url,
      }),
    );
  };
const sendMatching = (_subscribe: SipRequest, base: ReturnType<typeof buildUaProfileNotify>) => {
  answers.push(notifier.sendRequest(base.target, base.request));
};

describe('a simulated phone booting by plug-and-play takes only the NOTIFY of its subscription’s dialog', () => {
  it('answers 481 to a NOTIFY whose From tag is not the 200 OK’s To tag and takes the one that is', async () => {
    script = {
      dialogTag: 'pnpdialog1',
      notifies: [send({ From: '<sip:224.0.1.75:5060>;tag=someoneelse' }), sendMatching],
    };
    const url = await bootPhone();
    expect(url).toBe(`${consoleUrl}/prov/`);
    expect((await Promise.all(answers)).map((answer) => answer.status)).toEqual([481, 200]);
    expect(phone.plugAndPlay.received).toEqual([`${consoleUrl}/prov/`]);
    expect(phone.plugAndPlay.ignored).toBe(1);
  });

  it('ignores a NOTIFY of another Call-ID or not addressed to its From tag, and stays unprovisioned', async () => {
    script = {
      dialogTag: 'pnpdialog2',
      notifies: [
        send({ 'Call-ID': 'forged@192.0.2.66' }),
        send({ To: '<sip:0015650e0001@224.0.1.75>;tag=notmine' }),
      ],
    };
    const url = await bootPhone();
    expect(url).toBeUndefined();
    expect((await Promise.all(answers)).map((answer) => answer.status)).toEqual([481, 481]);
    expect(phone.plugAndPlay.received).toEqual([]);
  });

  it('ignores a plug-and-play NOTIFY when it subscribed to nothing', async () => {
    script = { dialogTag: 'pnpdialog3', notifies: [] };
    await bootPhone();
    const stray = await notifier.sendRequest(
      { host: '127.0.0.1', port: phone.sipPort },
      {
        method: 'NOTIFY',
        uri: 'sip:127.0.0.1',
        headers: { Event: 'ua-profile', 'Content-Type': 'application/url' },
        body: 'http://127.0.0.1:9/elsewhere/',
      },
    );
    expect(stray.status).toBe(481);
  });
});
