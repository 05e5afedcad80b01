import { isIPv6 } from 'node:net';
import type { SipOutgoingRequest, SipTarget } from './endpoint.js';

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
