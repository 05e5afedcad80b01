import { isIPv6 } from 'node:net';
import { answerSipChallenge } from './challenge.js';
import { type DigestCredentials, parseDigestChallenge } from './digest.js';
import type { SipOutgoingRequest, SipTarget, SipUdpEndpoint } from './endpoint.js';
import { SipHeaders, type SipResponse } from './message.js';

export interface NotifyOptions {
  /** The phone: its SIP user (optional, DOMAIN.md addresses the device), IP or host, SIP port (5060). */
  target: { user?: string; host: string; port?: number };
  /** The driver's push event string, e.g. `check-sync` or `check-sync;reboot=true`. */
  event: string;
  /** The sender; by default the endpoint's own address. */
  from?: { user?: string; host: string };
}

/**
 * The out-of-dialog check-sync NOTIFY of DOMAIN.md, ready for `SipUdpEndpoint.sendRequest`
 * (which adds Via, From tag, Call-ID, CSeq, Max-Forwards and Content-Length).
 */
export function buildNotify(options: NotifyOptions): { target: SipTarget; request: SipOutgoingRequest } {
  const port = options.target.port ?? 5060;
  const host = isIPv6(options.target.host) ? `[${options.target.host}]` : options.target.host;
  const user = options.target.user ? `${encodeURIComponent(options.target.user)}@` : '';
  const uri = `sip:${user}${host}:${port}`;
  const headers: Record<string, string> = {
    To: `<${uri}>`,
    Event: options.event,
    'Subscription-State': 'terminated',
  };
  if (options.from) headers.From = `<sip:${options.from.user ?? 'provisioning'}@${options.from.host}>`;
  return { target: { host: options.target.host, port }, request: { method: 'NOTIFY', uri, headers } };
}

export interface NotifyAnswer {
  /** The final answer: to the signed retry when the phone challenged and credentials were given. */
  response: SipResponse;
  /** The phone answered 401/407 with a digest challenge (to the first NOTIFY). */
  challenged: boolean;
  /** A signed retry was sent (at most one). */
  retried: boolean;
}

/**
 * Sends a NOTIFY of `buildNotify`; a 401/407 digest challenge (real phones authenticate NOTIFY with
 * the account of their line) is answered once with `credentials`: same Call-ID and From tag, next
 * CSeq, an `Authorization`/`Proxy-Authorization` header. A second challenge is the final answer.
 * Rejects as `SipUdpEndpoint.sendRequest` does (timeout, transport).
 */
export async function sendNotify(
  endpoint: SipUdpEndpoint,
  notify: { target: SipTarget; request: SipOutgoingRequest },
  credentials?: DigestCredentials,
): Promise<NotifyAnswer> {
  const first = await endpoint.sendRequest(notify.target, notify.request);
  const challenged =
    (first.status === 401 || first.status === 407) &&
    first.headers
      .getAll(first.status === 407 ? 'Proxy-Authenticate' : 'WWW-Authenticate')
      .some((header) => parseDigestChallenge(header) !== undefined);
  const answer =
    challenged && credentials
      ? answerSipChallenge(first, credentials, { method: notify.request.method, uri: notify.request.uri })
      : undefined;
  if (!answer) return { response: first, challenged, retried: false };
  const cseq = Number.parseInt(first.headers.get('CSeq') ?? '', 10);
  const headers = new SipHeaders(notify.request.headers);
  headers.set('From', first.headers.get('From') ?? '');
  headers.set('Call-ID', first.headers.get('Call-ID') ?? '');
  headers.set('CSeq', `${Number.isInteger(cseq) ? cseq + 1 : 2} ${notify.request.method}`);
  headers.set(answer.header, answer.value);
  const response = await endpoint.sendRequest(notify.target, { ...notify.request, headers });
  return { response, challenged, retried: true };
}
