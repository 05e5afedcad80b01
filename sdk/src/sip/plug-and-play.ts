import { randomBytes } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { SipOutgoingRequest, SipRemote, SipTarget } from './endpoint.js';
import { headerParameter, parseSipUri, type SipRequest } from './message.js';

/** The multicast group and port phones send their plug-and-play SUBSCRIBE to at boot. */
export const PNP_MULTICAST_GROUP = '224.0.1.75';
export const PNP_PORT = 5060;

/** What a phone says of itself in its `Event: ua-profile` SUBSCRIBE. */
export interface UaProfilePhone {
  /** 12 lower-case hex digits. */
  mac: string;
  vendor: string;
  model: string;
  version: string;
}

/** A plug-and-play SUBSCRIBE read: the phone and where its NOTIFY goes (its Contact). */
export interface UaProfileSubscribe extends UaProfilePhone {
  callId: string;
  cseq: number;
  notifyTarget: SipTarget;
  /** The Contact URI, the NOTIFY's Request-URI. */
  contactUri: string;
}

const quoted = (value: string) => `"${value.replace(/["\\\r\n]/g, '')}"`;

function eventParameters(event: string): { type: string; params: Map<string, string> } {
  const [type = '', ...rest] = event.split(';');
  const params = new Map<string, string>();
  for (const part of rest) {
    const equals = part.indexOf('=');
    if (equals <= 0) continue;
    const value = part
      .slice(equals + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    params.set(part.slice(0, equals).trim().toLowerCase(), value);
  }
  return { type: type.trim().toLowerCase(), params };
}

/** The MAC in a From user part as phones write it: `001565aabbcc`, `MAC=00:15:65:...`, `0015-65aa-bbcc`. */
function macOf(text: string | undefined): string | undefined {
  const digits = (text ?? '')
    .replace(/^mac=?/i, '')
    .replace(/[:.-]/g, '')
    .toLowerCase();
  return /^[0-9a-f]{12}$/.test(digits) ? digits : undefined;
}

/**
 * Reads a SIP plug-and-play request: a SUBSCRIBE for `ua-profile` with `profile-type="device"`,
 * whose From user (or the event's `mac` parameter) is the phone's MAC. Anything else is undefined.
 */
export function readUaProfileSubscribe(
  request: SipRequest,
  remote: SipRemote,
): UaProfileSubscribe | undefined {
  if (request.method !== 'SUBSCRIBE') return undefined;
  const { type, params } = eventParameters(request.headers.get('Event') ?? '');
  if (type !== 'ua-profile' || params.get('profile-type')?.toLowerCase() !== 'device') return undefined;
  const from = /<([^>]+)>/.exec(request.headers.get('From') ?? '')?.[1];
  // The whole user part: a MAC written with colons is not a `user:password` pair here.
  const user = /^sips?:([^@]+)@/i.exec(from ?? '')?.[1];
  const mac = macOf(user?.replace(/%3a/gi, ':')) ?? macOf(params.get('mac'));
  if (!mac) return undefined;
  const contactUri = /<([^>]+)>/.exec(request.headers.get('Contact') ?? '')?.[1] ?? '';
  const contact = parseSipUri(contactUri);
  const host = contact?.host.replace(/^\[|\]$/g, '');
  return {
    mac,
    vendor: params.get('vendor') ?? '',
    model: params.get('model') ?? '',
    version: params.get('version') ?? '',
    callId: request.headers.get('Call-ID') ?? '',
    cseq: Number.parseInt(request.headers.get('CSeq') ?? '', 10),
    notifyTarget: host
      ? { host, port: contact?.port ?? PNP_PORT }
      : { host: remote.address, port: remote.port },
    contactUri: contact ? contactUri : `sip:${remote.address}:${remote.port}`,
  };
}

function uaProfileEvent(phone: Omit<UaProfilePhone, 'mac'>): string {
  return `ua-profile;profile-type="device";vendor=${quoted(phone.vendor)};model=${quoted(phone.model)};version=${quoted(phone.version)}`;
}

/** What names a phone's subscription on its side: the NOTIFY must come with this Call-ID and To tag. */
export interface UaProfileSubscription {
  callId: string;
  fromTag: string;
}

/** The SUBSCRIBE a phone booting without a provisioning URL sends to the multicast group. */
export function buildUaProfileSubscribe(
  phone: UaProfilePhone & { userAgent: string; contact: SipTarget },
  target: SipTarget = { host: PNP_MULTICAST_GROUP, port: PNP_PORT },
): { target: SipTarget; request: SipOutgoingRequest; subscription: UaProfileSubscription } {
  const host = isIPv6(target.host) ? `[${target.host}]` : target.host;
  const contactHost = isIPv6(phone.contact.host) ? `[${phone.contact.host}]` : phone.contact.host;
  const uri = `sip:${phone.mac}@${host}`;
  const subscription = {
    callId: `${randomBytes(12).toString('hex')}@${contactHost}`,
    fromTag: randomBytes(6).toString('hex'),
  };
  return {
    target,
    subscription,
    request: {
      method: 'SUBSCRIBE',
      uri,
      headers: {
        From: `<sip:${phone.mac}@${host}>;tag=${subscription.fromTag}`,
        To: `<${uri}>`,
        'Call-ID': subscription.callId,
        Contact: `<sip:${contactHost}:${phone.contact.port}>`,
        Event: uaProfileEvent(phone),
        Accept: 'application/url',
        Expires: '0',
        'User-Agent': phone.userAgent,
      },
    },
  };
}

/** A To tag for the 200 OK that answers a plug-and-play SUBSCRIBE: its NOTIFY carries it as From tag. */
export function newDialogTag(): string {
  return randomBytes(6).toString('hex');
}

/** The notifier's side of the dialog: the To tag its 200 OK gave, and its Contact URI. */
export interface UaProfileNotifier {
  dialogTag: string;
  contactUri: string;
}

/**
 * The NOTIFY answering a plug-and-play SUBSCRIBE, inside the dialog its 200 OK opened (RFC 6665
 * §4.2.2, RFC 3261 §12.1.1): the SUBSCRIBE's Call-ID, its From as To, its To with the 200's tag
 * (`dialogTag`) as From, the notifier's Contact; the subscription terminated at once, the
 * provisioning URL as an `application/url` body. Sent to the phone's Contact.
 */
export function buildUaProfileNotify(
  subscribe: UaProfileSubscribe,
  request: SipRequest,
  url: string,
  { dialogTag, contactUri }: UaProfileNotifier,
): { target: SipTarget; request: SipOutgoingRequest } {
  const to = request.headers.get('To') ?? `<sip:${subscribe.mac}@${PNP_MULTICAST_GROUP}>`;
  return {
    target: subscribe.notifyTarget,
    request: {
      method: 'NOTIFY',
      uri: subscribe.contactUri,
      headers: {
        From: headerParameter(to, 'tag') ? to : `${to};tag=${dialogTag}`,
        To: request.headers.get('From') ?? `<${subscribe.contactUri}>`,
        'Call-ID': subscribe.callId,
        Contact: `<${contactUri}>`,
        Event: uaProfileEvent(subscribe),
        'Subscription-State': 'terminated;reason=timeout',
        'Content-Type': 'application/url',
      },
      body: url,
    },
  };
}

/** The provisioning URL a plug-and-play NOTIFY carries; undefined when the request is not one. */
export function readUaProfileNotify(request: SipRequest): string | undefined {
  if (request.method !== 'NOTIFY') return undefined;
  if (eventParameters(request.headers.get('Event') ?? '').type !== 'ua-profile') return undefined;
  if ((request.headers.get('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase() !== 'application/url')
    return undefined;
  const url = request.body.trim();
  return /^(https?|tftp|ftp):\/\/\S+$/i.test(url) ? url : undefined;
}
