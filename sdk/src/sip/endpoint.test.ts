import { createSocket, type Socket } from 'node:dgram';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SipTimeoutError, SipTransportError, SipUdpEndpoint } from './endpoint.js';
import { formatSipResponse, headerParameter, parseSipMessage, type SipRequest } from './message.js';
import { buildNotify } from './notify.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function endpoint(options: { t1Ms?: number; t2Ms?: number } = {}): Promise<SipUdpEndpoint> {
  const bound = await SipUdpEndpoint.bind({ address: '127.0.0.1', port: 0 }, options);
  cleanups.push(() => bound.close());
  return bound;
}

/** A bare UDP peer: records every datagram with its arrival time and answers as told. */
async function rawPeer(
  answer: (request: SipRequest, index: number) => Array<{ status: number; delayMs?: number }>,
): Promise<{ port: number; arrivals: number[]; requests: SipRequest[]; socket: Socket }> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => socket.close(() => resolve())));
  const arrivals: number[] = [];
  const requests: SipRequest[] = [];
  socket.on('message', (datagram, remote) => {
    const message = parseSipMessage(datagram);
    if (message.kind !== 'request') return;
    arrivals.push(performance.now());
    requests.push(message);
    for (const { status, delayMs = 0 } of answer(message, requests.length - 1)) {
      const headers = ['Via', 'From', 'To', 'Call-ID', 'CSeq'].map((name): [string, string] => [
        name,
        message.headers.get(name) ?? '',
      ]);
      setTimeout(
        () => socket.send(formatSipResponse({ status, headers }), remote.port, remote.address),
        delayMs,
      );
    }
  });
  return { port: (socket.address() as { port: number }).port, arrivals, requests, socket };
}

const at = (peer: SipUdpEndpoint) => ({ host: '127.0.0.1', port: peer.address.port });
const gaps = (times: number[]) => times.slice(1).map((time, index) => time - (times[index] ?? 0));

describe('SipUdpEndpoint client transaction', () => {
  it('sends a well-formed NOTIFY and resolves with the final response', async () => {
    const peer = await rawPeer(() => [{ status: 200 }]);
    const client = await endpoint();
    const notify = buildNotify({
      target: { user: '1001', host: '127.0.0.1', port: peer.port },
      event: 'check-sync',
    });
    const response = await client.sendRequest(notify.target, notify.request);
    expect(response.status).toBe(200);

    const [request] = peer.requests;
    const via = request?.headers.get('Via') ?? '';
    expect(via).toMatch(
      new RegExp(`^SIP/2.0/UDP 127.0.0.1:${client.address.port};branch=z9hG4bK\\w+;rport$`),
    );
    expect(headerParameter(request?.headers.get('From') ?? '', 'tag')).toMatch(/^\w+$/);
    expect(request?.headers.get('To')).toBe(`<sip:1001@127.0.0.1:${peer.port}>`);
    expect(request?.headers.get('Call-ID')).toMatch(/@127\.0\.0\.1$/);
    expect(request?.headers.get('CSeq')).toMatch(/^\d+ NOTIFY$/);
    expect(request?.headers.get('Max-Forwards')).toBe('70');
    expect(request?.headers.get('Event')).toBe('check-sync');
    expect(request?.headers.get('Subscription-State')).toBe('terminated');
    expect(request?.headers.get('Content-Length')).toBe('0');
  });

  it('retransmits at T1 doubling up to T2 until a datagram gets through', async () => {
    const dropped = 5;
    const peer = await rawPeer((_, index) => (index < dropped ? [] : [{ status: 200 }]));
    const client = await endpoint({ t1Ms: 40, t2Ms: 200 });
    const response = await client.sendRequest(
      { host: '127.0.0.1', port: peer.port },
      { method: 'OPTIONS', uri: 'sip:127.0.0.1' },
    );
    expect(response.status).toBe(200);
    expect(peer.arrivals).toHaveLength(dropped + 1);
    const expected = [40, 80, 160, 200, 200];
    gaps(peer.arrivals).forEach((gap, index) => {
      // Timers never fire early, but a busy machine delays datagrams, which shortens the next gap.
      expect(gap).toBeGreaterThanOrEqual((expected[index] ?? 0) - 25);
      expect(gap).toBeLessThan((expected[index] ?? 0) + 150);
    });
    // Every retransmission is the same transaction.
    expect(new Set(peer.requests.map((r) => r.headers.get('Via'))).size).toBe(1);
  });

  it('gives up with SipTimeoutError after 64*T1', async () => {
    const peer = await rawPeer(() => []);
    const client = await endpoint({ t1Ms: 20, t2Ms: 160 });
    const started = performance.now();
    const failure = await client
      .sendRequest({ host: '127.0.0.1', port: peer.port }, { method: 'NOTIFY', uri: 'sip:127.0.0.1' })
      .catch((error: unknown) => error);
    const elapsed = performance.now() - started;
    expect(failure).toBeInstanceOf(SipTimeoutError);
    expect(elapsed).toBeGreaterThanOrEqual(64 * 20 - 5);
    expect(elapsed).toBeLessThan(64 * 20 + 400);
    // 0, 20, 60, 140, 300, 460, ... 1260 ms: eleven datagrams within 1280 ms. The last one may still
    // be on its way to the peer's socket when the timeout fires on a busy machine.
    const { attempts } = failure as SipTimeoutError;
    await vi.waitFor(() => expect(peer.arrivals.length).toBe(attempts), { timeout: 1000 });
    expect(peer.arrivals.length).toBeGreaterThanOrEqual(9);
    expect(peer.arrivals.length).toBeLessThanOrEqual(11);
  });

  it('switches to T2 retransmissions after a provisional response and resolves on the final one', async () => {
    const peer = await rawPeer((_, index) => {
      if (index === 0) return [{ status: 100 }];
      if (index === 3) return [{ status: 200 }];
      return [];
    });
    const client = await endpoint({ t1Ms: 40, t2Ms: 250 });
    const response = await client.sendRequest(
      { host: '127.0.0.1', port: peer.port },
      { method: 'NOTIFY', uri: 'sip:127.0.0.1', headers: { Event: 'check-sync' } },
    );
    expect(response.status).toBe(200);
    const [first, ...later] = gaps(peer.arrivals);
    expect(first).toBeLessThan(40 + 150);
    expect(later).toHaveLength(2);
    for (const gap of later) {
      expect(gap).toBeGreaterThanOrEqual(250 - 25);
      expect(gap).toBeLessThan(250 + 150);
    }
  });

  it('ignores responses of other transactions and runs transactions side by side', async () => {
    const peer = await rawPeer((request) => [
      { status: request.headers.get('Event') === 'a' ? 200 : 489, delayMs: 20 },
    ]);
    const client = await endpoint();
    const stray = formatSipResponse({
      status: 200,
      headers: {
        Via: 'SIP/2.0/UDP 127.0.0.1;branch=z9hG4bKnobody',
        From: '<sip:a@b>;tag=1',
        To: '<sip:c@d>',
        'Call-ID': 'x',
        CSeq: '1 NOTIFY',
      },
    });
    peer.socket.send(stray, client.address.port, '127.0.0.1');
    const target = { host: '127.0.0.1', port: peer.port };
    const [a, b] = await Promise.all([
      client.sendRequest(target, { method: 'NOTIFY', uri: 'sip:127.0.0.1', headers: { Event: 'a' } }),
      client.sendRequest(target, { method: 'NOTIFY', uri: 'sip:127.0.0.1', headers: { Event: 'b' } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 489]);
  });

  it('rejects pending and new requests once closed', async () => {
    const peer = await rawPeer(() => []);
    const client = await SipUdpEndpoint.bind({ address: '127.0.0.1', port: 0 });
    const pending = client.sendRequest(
      { host: '127.0.0.1', port: peer.port },
      { method: 'OPTIONS', uri: 'sip:x@127.0.0.1' },
    );
    await client.close();
    await expect(pending).rejects.toBeInstanceOf(SipTransportError);
    await expect(
      client.sendRequest(
        { host: '127.0.0.1', port: peer.port },
        { method: 'OPTIONS', uri: 'sip:x@127.0.0.1' },
      ),
    ).rejects.toBeInstanceOf(SipTransportError);
  });
});

describe('SipUdpEndpoint server side', () => {
  it('answers with Via, From, To with a tag, Call-ID and CSeq copied', async () => {
    const server = await endpoint();
    server.onRequest((request) => ({
      status: 200,
      headers: { 'User-Agent': `echo ${request.method}`, 'Call-ID': 'not mine' },
    }));
    const client = await endpoint();
    const response = await client.sendRequest(at(server), {
      method: 'OPTIONS',
      uri: `sip:phone@127.0.0.1:${server.address.port}`,
      headers: { 'Call-ID': 'fixed@127.0.0.1' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('User-Agent')).toBe('echo OPTIONS');
    expect(response.headers.get('Call-ID')).toBe('fixed@127.0.0.1');
    expect(response.headers.get('CSeq')).toMatch(/^\d+ OPTIONS$/);
    expect(headerParameter(response.headers.get('To') ?? '', 'tag')).toBeTruthy();
    expect(response.headers.get('Via')).toContain(`rport=${client.address.port}`);
    expect(response.headers.get('Via')).toContain('received=127.0.0.1');
  });

  it('runs the handler once for a retransmitted request and repeats its answer', async () => {
    const server = await endpoint();
    let calls = 0;
    server.onRequest(() => {
      calls += 1;
      return { status: 200 };
    });
    const peer = await rawPeer(() => []);
    const responses: string[] = [];
    peer.socket.on('message', (datagram) => {
      const message = parseSipMessage(datagram);
      if (message.kind === 'response') responses.push(message.headers.get('To') ?? '');
    });
    const request = [
      `NOTIFY sip:phone@127.0.0.1:${server.address.port} SIP/2.0`,
      `Via: SIP/2.0/UDP 127.0.0.1:${peer.port};branch=z9hG4bKretrans`,
      'From: <sip:provisioning@127.0.0.1>;tag=1',
      'To: <sip:phone@127.0.0.1>',
      'Call-ID: retrans@127.0.0.1',
      'CSeq: 1 NOTIFY',
      'Event: check-sync',
      'Content-Length: 0',
      '',
      '',
    ].join('\r\n');
    for (let i = 0; i < 3; i += 1) {
      peer.socket.send(request, server.address.port, '127.0.0.1');
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    await expect.poll(() => responses.length).toBe(3);
    expect(calls).toBe(1);
    expect(new Set(responses).size).toBe(1);
  });

  it('stays silent when the handler declines, so a retransmission gets a fresh chance', async () => {
    const server = await endpoint();
    let seen = 0;
    server.onRequest(() => {
      seen += 1;
      return seen === 1 ? undefined : { status: 200 };
    });
    const client = await endpoint({ t1Ms: 30 });
    const response = await client.sendRequest(at(server), { method: 'NOTIFY', uri: 'sip:127.0.0.1' });
    expect(response.status).toBe(200);
    expect(seen).toBe(2);
  });

  it('answers 500 when the handler throws or answers what cannot be sent, 501 without a handler, survives garbage', async () => {
    const failing = await endpoint();
    failing.onRequest(() => {
      throw new Error('boom');
    });
    const broken = await endpoint();
    broken.onRequest(() => ({ status: 200, headers: { Subject: 'line\r\nbreak' } }));
    const silent = await endpoint();
    const client = await endpoint();
    const junk = createSocket('udp4');
    cleanups.push(() => new Promise<void>((resolve) => junk.close(() => resolve())));
    for (const datagram of ['\u0000\u00ff', 'INVITE me', 'SIP/2.0 200 OK\r\n\r\n']) {
      junk.send(datagram, failing.address.port, '127.0.0.1');
    }
    await expect.poll(() => failing.malformed).toBe(3);
    expect((await client.sendRequest(at(failing), { method: 'OPTIONS', uri: 'sip:127.0.0.1' })).status).toBe(
      500,
    );
    expect((await client.sendRequest(at(silent), { method: 'OPTIONS', uri: 'sip:127.0.0.1' })).status).toBe(
      501,
    );
    const options = { method: 'OPTIONS', uri: 'sip:127.0.0.1' };
    expect((await client.sendRequest(at(broken), options)).status).toBe(500);
  });
});
