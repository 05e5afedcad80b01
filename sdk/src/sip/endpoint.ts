import { randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import { isIPv6 } from 'node:net';
import { networkInterfaces } from 'node:os';
import {
  formatSipRequest,
  formatSipResponse,
  headerParameter,
  parseSipMessage,
  SipHeaders,
  type SipHeadersInit,
  type SipRequest,
  type SipResponse,
  type SipResponseInit,
} from './message.js';

/** No final response arrived within 64*T1 (RFC 3261 Timer F). */
export class SipTimeoutError extends Error {
  override readonly name = 'SipTimeoutError';
  constructor(
    readonly method: string,
    readonly target: SipTarget,
    /** Datagrams sent, the first one included. */
    readonly attempts: number,
  ) {
    super(`no answer to ${method} from ${target.host}:${target.port} after ${attempts} attempts`);
  }
}

/** The request could not be sent (unresolvable host, closed endpoint, socket error). */
export class SipTransportError extends Error {
  override readonly name = 'SipTransportError';
}

export interface SipTarget {
  host: string;
  port: number;
}

export interface SipRemote {
  address: string;
  port: number;
}

export interface SipEndpointOptions {
  /** RTT estimate, 500 ms by default (RFC 3261 T1). Tests shorten it. */
  t1Ms?: number;
  /** Longest retransmit interval, 4 s by default (RFC 3261 T2). */
  t2Ms?: number;
  /** Host written in Via and default From/Call-ID; the bound address unless that is a wildcard. */
  advertisedHost?: string;
  /**
   * Socket receive buffer, 4 MiB by default (Linux caps it at net.core.rmem_max): answers to
   * hundreds of requests in flight arrive in bursts, and a full buffer drops them.
   */
  receiveBufferBytes?: number;
}

export interface SipOutgoingRequest {
  method: string;
  uri: string;
  /** Extra or overriding headers (Event, From, To, Content-Type...); Via is always the endpoint's own. */
  headers?: SipHeadersInit;
  body?: string;
}

/** Answers an incoming request; undefined sends nothing (the request is treated as never received). */
export type SipRequestHandler = (
  request: SipRequest,
  remote: SipRemote,
) => SipResponseInit | undefined | Promise<SipResponseInit | undefined>;

const magicCookie = 'z9hG4bK';
const randomToken = (bytes = 8) => randomBytes(bytes).toString('hex');

interface ClientTransaction {
  method: string;
  resolve: (response: SipResponse) => void;
  reject: (error: Error) => void;
  proceeding: boolean;
  retransmitTimer: NodeJS.Timeout | undefined;
  timeoutTimer: NodeJS.Timeout;
}

interface ServerTransaction {
  expiresAt: number;
  /** The wire form of the final response once the handler answered. */
  response: string | undefined;
}

function unspecified(address: string): boolean {
  return address === '0.0.0.0' || address === '::';
}

function defaultHost(): string {
  for (const addresses of Object.values(networkInterfaces())) {
    const external = addresses?.find((a) => a.family === 'IPv4' && !a.internal);
    if (external) return external.address;
  }
  return '127.0.0.1';
}

function formatHost(host: string): string {
  return isIPv6(host) ? `[${host}]` : host;
}

/**
 * A SIP user agent over UDP: the non-INVITE client transaction (RFC 3261 §17.1.2: Timer E
 * retransmissions, Timer F timeout) and the non-INVITE server transaction (§17.2.2: a retransmitted
 * request is answered with the same response, the handler runs once).
 */
export class SipUdpEndpoint {
  private readonly clients = new Map<string, ClientTransaction>();
  private readonly servers = new Map<string, ServerTransaction>();
  private handler: SipRequestHandler | undefined;
  private cseq = 0;
  private closed = false;
  private malformedCount = 0;
  private readonly t1: number;
  private readonly t2: number;
  private readonly host: string;

  private constructor(
    private readonly socket: Socket,
    options: SipEndpointOptions,
  ) {
    this.t1 = options.t1Ms ?? 500;
    this.t2 = options.t2Ms ?? 4000;
    const bound = socket.address().address;
    this.host = options.advertisedHost ?? (unspecified(bound) ? defaultHost() : bound);
    socket.on('message', (datagram, remote) => this.receive(datagram, remote));
    // A socket error must never take the process down; a failed send is reported to its sender.
    socket.on('error', () => {});
  }

  /** Binds a UDP socket; port 0 picks an ephemeral port. */
  static async bind(
    bindTo: { address: string; port: number },
    options: SipEndpointOptions = {},
  ): Promise<SipUdpEndpoint> {
    const socket = createSocket({
      type: isIPv6(bindTo.address) ? 'udp6' : 'udp4',
      recvBufferSize: options.receiveBufferBytes ?? 4 * 2 ** 20,
    });
    await new Promise<void>((resolve, reject) => {
      const failed = (error: Error) => {
        // A socket that could not bind still holds a descriptor.
        socket.close();
        reject(error);
      };
      socket.once('error', failed);
      socket.bind(bindTo.port, bindTo.address, () => {
        socket.off('error', failed);
        resolve();
      });
    });
    return new SipUdpEndpoint(socket, options);
  }

  get address(): { address: string; port: number } {
    const { address, port } = this.socket.address();
    return { address, port };
  }

  /** Its own URI as a Contact names it: the advertised host and the bound port. */
  get contactUri(): string {
    return `sip:${formatHost(this.host)}:${this.address.port}`;
  }

  /** Datagrams dropped because they were not SIP. */
  get malformed(): number {
    return this.malformedCount;
  }

  /**
   * Receives datagrams sent to a multicast group (SIP plug-and-play's 224.0.1.75) on the interface of
   * `interfaceAddress`, or the one the system picks.
   */
  joinMulticastGroup(group: string, interfaceAddress?: string): void {
    this.socket.addMembership(group, interfaceAddress);
  }

  onRequest(handler: SipRequestHandler): void {
    this.handler = handler;
  }

  /**
   * Sends a non-INVITE request and resolves with its final response (≥200). Retransmits at T1
   * doubling up to T2 (at T2 once a provisional response arrived); rejects with `SipTimeoutError`
   * after 64*T1.
   */
  sendRequest(target: SipTarget, request: SipOutgoingRequest): Promise<SipResponse> {
    if (this.closed) return Promise.reject(new SipTransportError('the SIP endpoint is closed'));
    if (request.method === 'INVITE' || request.method === 'ACK') {
      return Promise.reject(new SipTransportError(`${request.method} transactions are not supported`));
    }
    const branch = `${magicCookie}${randomToken()}`;
    const headers = this.requestHeaders(request, branch);
    let wire: string;
    try {
      wire = formatSipRequest({ method: request.method, uri: request.uri, headers, body: request.body });
    } catch (error) {
      return Promise.reject(error);
    }

    return new Promise<SipResponse>((resolve, reject) => {
      let attempts = 0;
      const finish = () => {
        clearTimeout(transaction.retransmitTimer);
        clearTimeout(transaction.timeoutTimer);
        this.clients.delete(branch);
      };
      const send = () => {
        attempts += 1;
        this.socket.send(wire, target.port, target.host, (error) => {
          if (!error || !this.clients.has(branch)) return;
          finish();
          reject(new SipTransportError(`cannot send ${request.method} to ${target.host}: ${error.message}`));
        });
      };
      let interval = this.t1;
      const retransmit = () => {
        send();
        interval = transaction.proceeding ? this.t2 : Math.min(interval * 2, this.t2);
        transaction.retransmitTimer = setTimeout(retransmit, interval);
      };
      const transaction: ClientTransaction = {
        method: request.method,
        proceeding: false,
        resolve: (response) => {
          finish();
          resolve(response);
        },
        reject: (error) => {
          finish();
          reject(error);
        },
        retransmitTimer: setTimeout(retransmit, interval),
        timeoutTimer: setTimeout(() => {
          finish();
          reject(new SipTimeoutError(request.method, target, attempts));
        }, 64 * this.t1),
      };
      this.clients.set(branch, transaction);
      send();
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const transaction of [...this.clients.values()]) {
      transaction.reject(new SipTransportError('the SIP endpoint was closed'));
    }
    this.servers.clear();
    await new Promise<void>((resolve) => this.socket.close(() => resolve()));
  }

  private requestHeaders(request: SipOutgoingRequest, branch: string): SipHeaders {
    const given = new SipHeaders(request.headers);
    const { port } = this.address;
    const host = formatHost(this.host);
    const headers = new SipHeaders();
    headers.append('Via', `SIP/2.0/UDP ${host}:${port};branch=${branch};rport`);
    const from = given.get('From') ?? `<sip:${host}:${port}>`;
    headers.append('From', headerParameter(from, 'tag') ? from : `${from};tag=${randomToken(6)}`);
    headers.append('To', given.get('To') ?? `<${request.uri}>`);
    headers.append('Call-ID', given.get('Call-ID') ?? `${randomToken(12)}@${host}`);
    this.cseq += 1;
    headers.append('CSeq', given.get('CSeq') ?? `${this.cseq} ${request.method}`);
    headers.append('Max-Forwards', given.get('Max-Forwards') ?? '70');
    const own = new Set(['via', ...[...headers].map(([name]) => name.toLowerCase())]);
    for (const [name, value] of given) {
      if (!own.has(name.toLowerCase()) && name.toLowerCase() !== 'content-length')
        headers.append(name, value);
    }
    return headers;
  }

  private receive(datagram: Buffer, remote: { address: string; port: number }): void {
    let message: ReturnType<typeof parseSipMessage>;
    try {
      message = parseSipMessage(datagram);
    } catch {
      if (datagram.toString('latin1').trim() !== '') this.malformedCount += 1;
      return;
    }
    if (message.kind === 'response') {
      this.receiveResponse(message);
      return;
    }
    void this.receiveRequest(message, { address: remote.address, port: remote.port });
  }

  private receiveResponse(response: SipResponse): void {
    const branch = headerParameter(firstVia(response.headers) ?? '', 'branch');
    const transaction = branch ? this.clients.get(branch) : undefined;
    const method = (response.headers.get('CSeq') ?? '').split(/\s+/)[1];
    if (!transaction || method !== transaction.method) return;
    if (response.status < 200) transaction.proceeding = true;
    else transaction.resolve(response);
  }

  private async receiveRequest(request: SipRequest, remote: SipRemote): Promise<void> {
    if (request.method === 'ACK') return;
    const key = serverTransactionKey(request);
    this.expireServerTransactions();
    const existing = this.servers.get(key);
    if (existing) {
      if (existing.response) this.socket.send(existing.response, remote.port, remote.address);
      return;
    }
    const transaction: ServerTransaction = { expiresAt: Date.now() + 64 * this.t1, response: undefined };
    this.servers.set(key, transaction);

    let answer: SipResponseInit | undefined;
    if (!this.handler) {
      answer = { status: 501 };
    } else {
      try {
        answer = await this.handler(request, remote);
      } catch {
        answer = { status: 500 };
      }
    }
    if (this.closed) return;
    if (!answer) {
      this.servers.delete(key);
      return;
    }
    let response: string;
    try {
      response = formatSipResponse({ ...answer, headers: responseHeaders(request, remote, answer) });
    } catch {
      // A handler answer that cannot go on the wire (bad status, line break in a header).
      response = formatSipResponse({
        status: 500,
        headers: responseHeaders(request, remote, { status: 500 }),
      });
    }
    transaction.response = response;
    this.socket.send(response, remote.port, remote.address);
  }

  /** Server transactions live 64*T1 (Timer J); insertion order is expiry order. */
  private expireServerTransactions(): void {
    const now = Date.now();
    for (const [key, transaction] of this.servers) {
      if (transaction.expiresAt > now) break;
      this.servers.delete(key);
    }
  }
}

function firstVia(headers: SipHeaders): string | undefined {
  return headers.get('Via')?.split(',')[0]?.trim();
}

function serverTransactionKey(request: SipRequest): string {
  const via = firstVia(request.headers) ?? '';
  const branch = headerParameter(via, 'branch');
  const sentBy = via.split(';')[0]?.trim() ?? '';
  if (branch?.startsWith(magicCookie)) return `${branch}|${sentBy}|${request.method}`;
  // RFC 2543 peers: match on the dialog-identifying fields instead.
  const fromTag = headerParameter(request.headers.get('From') ?? '', 'tag') ?? '';
  return `${request.headers.get('Call-ID')}|${request.headers.get('CSeq')}|${fromTag}|${via}`;
}

/** Via/From/To/Call-ID/CSeq copied from the request (RFC 3261 §8.2.6.2), `received`/`rport` filled in. */
function responseHeaders(request: SipRequest, remote: SipRemote, answer: SipResponseInit): SipHeaders {
  const headers = new SipHeaders();
  request.headers.getAll('Via').forEach((via, index) => {
    if (index > 0) {
      headers.append('Via', via);
      return;
    }
    const [top = '', ...rest] = via.split(',');
    const sentBy = top.split(';')[0] ?? '';
    let params = top
      .split(';')
      .slice(1)
      .map((p) => p.trim())
      .filter((p) => !/^received=/i.test(p));
    const sentHost = sentBy
      .trim()
      .split(/\s+/)[1]
      ?.replace(/:\d+$/, '')
      .replace(/^\[|\]$/g, '');
    const wantsRport = params.some((p) => p.toLowerCase() === 'rport');
    params = params.map((p) => (p.toLowerCase() === 'rport' ? `rport=${remote.port}` : p));
    if (wantsRport || sentHost !== remote.address) params.push(`received=${remote.address}`);
    headers.append('Via', [[sentBy.trim(), ...params].join(';'), ...rest].join(','));
  });
  headers.append('From', request.headers.get('From') ?? '');
  const to = request.headers.get('To') ?? '';
  headers.append(
    'To',
    headerParameter(to, 'tag') || answer.status === 100 ? to : `${to};tag=${answer.toTag ?? randomToken(6)}`,
  );
  headers.append('Call-ID', request.headers.get('Call-ID') ?? '');
  headers.append('CSeq', request.headers.get('CSeq') ?? '');
  const fixed = new Set(['via', 'from', 'to', 'call-id', 'cseq', 'content-length']);
  for (const [name, value] of new SipHeaders(answer.headers)) {
    if (!fixed.has(name.toLowerCase())) headers.append(name, value);
  }
  return headers;
}
