import { randomBytes } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { LineKey } from '../lines.js';
import { answerSipChallenge } from './challenge.js';
import type { DigestCredentials } from './digest.js';
import { type SipTarget, SipTimeoutError, SipTransportError, type SipUdpEndpoint } from './endpoint.js';
import type { SipResponse } from './message.js';

export interface RegisterOptions {
  /** Where the REGISTER is sent: the registrar itself, or the outbound proxy in front of it. */
  target: SipTarget;
  /** The registrar's domain (Request-URI `sip:<host>[:port]`, and the host of the address of record). */
  registrar: { host: string; port?: number };
  /** The SIP user: the address of record is `sip:<user>@<registrar host>`. */
  user: string;
  displayName?: string;
  /** Digest username (a phone's RegisterName) and password. */
  credentials: DigestCredentials;
  /** Seconds asked for; 0 removes the binding (unregistration). */
  expires: number;
  /** Host and port of the Contact; the endpoint's bound address by default. */
  contact?: { host: string; port: number };
  /** A fresh one by default: each registration is then one call to a scenario-driven registrar (sipp). */
  callId?: string;
}

export type RegisterResult =
  | {
      ok: true;
      /** The expiry the registrar granted (Contact `expires` or Expires), when it said one. */
      expires: number | undefined;
    }
  | {
      ok: false;
      /** `<status> <reason phrase>` of the final answer, `timeout`, or why nothing could be sent. */
      reason: string;
    };

const hostPart = (host: string) => (isIPv6(host) ? `[${host}]` : host);
const userPart = (user: string) => encodeURIComponent(user);
const quoteName = (name: string) => `"${name.replace(/["\\]/g, '\\$&')}"`;

/**
 * Registers (or, with `expires: 0`, unregisters) one address of record (RFC 3261 §10.2), answering
 * one 401/407 digest challenge with the same Call-ID and the next CSeq.
 */
export async function register(endpoint: SipUdpEndpoint, options: RegisterOptions): Promise<RegisterResult> {
  const registrarPort =
    options.registrar.port && options.registrar.port !== 5060 ? `:${options.registrar.port}` : '';
  const uri = `sip:${hostPart(options.registrar.host)}${registrarPort}`;
  const addressOfRecord = `<sip:${userPart(options.user)}@${hostPart(options.registrar.host)}>`;
  const named = options.displayName
    ? `${quoteName(options.displayName)} ${addressOfRecord}`
    : addressOfRecord;
  const contact = options.contact ?? { host: endpoint.address.address, port: endpoint.address.port };
  const baseHeaders = {
    From: `${named};tag=${randomBytes(6).toString('hex')}`,
    To: named,
    'Call-ID': options.callId ?? `${randomBytes(12).toString('hex')}@${hostPart(contact.host)}`,
    Contact: `<sip:${userPart(options.user)}@${hostPart(contact.host)}:${contact.port}>`,
    Expires: String(options.expires),
  };

  let cseq = 1;
  const send = (authorization?: { header: string; value: string }) => {
    const headers: Record<string, string> = { ...baseHeaders, CSeq: `${cseq} REGISTER` };
    if (authorization) headers[authorization.header] = authorization.value;
    cseq += 1;
    return endpoint.sendRequest(options.target, { method: 'REGISTER', uri, headers });
  };

  try {
    let response = await send();
    if (response.status === 401 || response.status === 407) {
      const authorization = answerSipChallenge(response, options.credentials, { method: 'REGISTER', uri });
      if (!authorization) return refused(response);
      response = await send(authorization);
    }
    if (response.status >= 200 && response.status < 300)
      return { ok: true, expires: grantedExpiry(response) };
    return refused(response);
  } catch (error) {
    if (error instanceof SipTimeoutError) return { ok: false, reason: 'timeout' };
    if (error instanceof SipTransportError) return { ok: false, reason: error.message };
    throw error;
  }
}

function refused(response: SipResponse): RegisterResult {
  return { ok: false, reason: `${response.status} ${response.reason}`.trim() };
}

function grantedExpiry(response: SipResponse): number | undefined {
  const contactExpires = /;\s*expires\s*=\s*(\d+)/i.exec(response.headers.get('Contact') ?? '')?.[1];
  const value = contactExpires ?? response.headers.get('Expires');
  return value !== undefined && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
}

const portOf = (value: string | undefined) => {
  const port = Number(value);
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : 5060;
};

/**
 * The REGISTER of a provisioned line (`account.N.register.*`, sdk/src/lines.ts): `sip:<UserName>@<ServerAddress>`
 * authenticated as RegisterName (UserName when empty), sent to the OutboundProxy when there is one.
 * RegisterExpires defaults to 3600. Transport is not looked at: UDP is all `register` speaks.
 */
export function lineRegistration(
  values: Partial<Record<LineKey, string>>,
  contact: { host: string; port: number },
  expires?: number,
): RegisterOptions {
  const server = { host: values.ServerAddress ?? '', port: portOf(values.ServerPort) };
  const asked = Number(values.RegisterExpires);
  return {
    target: values.OutboundProxy
      ? { host: values.OutboundProxy, port: portOf(values.OutboundProxyPort) }
      : server,
    registrar: server,
    user: values.UserName ?? '',
    displayName: values.DisplayName || undefined,
    credentials: { username: values.RegisterName || values.UserName || '', password: values.Password ?? '' },
    expires: expires ?? (Number.isInteger(asked) && asked > 0 ? asked : 3600),
    contact,
  };
}
