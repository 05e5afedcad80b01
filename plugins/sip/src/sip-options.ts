import type {
  MAX_LINES as SDK_MAX_LINES,
  AccountStatus as SdkAccountStatus,
  NatTraversal as SdkNatTraversal,
  SipTransport as SdkSipTransport,
  SIP_DEFAULTS,
} from '@phonefleet/sdk';

// The sdk's SIP constants (sdk/src/api/sip.ts, states.ts), spelled again because browser code takes
// runtime values only from `@phonefleet/sdk/ui`, which does not re-export them. Each copy is typed
// as the sdk's constant, so the compiler refuses any difference.

/** Spec §9: transport 0 UDP, 1 TCP, 2 TLS, 3 DNS NAPTR. */
export const SipTransport: typeof SdkSipTransport = { udp: 0, tcp: 1, tls: 2, dnsNaptr: 3 };
/** Spec §9: NAT traversal Disable, NAT, STUN, ICE. */
export const NatTraversal: typeof SdkNatTraversal = { disable: 0, nat: 1, stun: 2, ice: 3 };
/** Spec §9 SIP defaults. */
export const SERVER_DEFAULTS: typeof SIP_DEFAULTS = {
  port: 5060,
  secondaryPort: 5060,
  expires: 3600,
  transport: SipTransport.udp,
  natTraversal: NatTraversal.disable,
};
/** Lines a phone holds at most (spec §9); a model may hold fewer (the server refuses beyond). */
export const MAX_LINES: typeof SDK_MAX_LINES = 20;
/** Spec §4: 0 unassigned, 1 registered, 2 unregistered. */
export const AccountStatus: typeof SdkAccountStatus = { unassigned: 0, registered: 1, unregistered: 2 };

/** Transport names are protocol names: the same in every language. */
export const TRANSPORT_NAMES: Record<number, string> = {
  [SipTransport.udp]: 'UDP',
  [SipTransport.tcp]: 'TCP',
  [SipTransport.tls]: 'TLS',
  [SipTransport.dnsNaptr]: 'DNS NAPTR',
};

export const TRANSPORT_OPTIONS = Object.entries(TRANSPORT_NAMES).map(([value, label]) => ({
  value: Number(value),
  label,
}));

/** Ports are integers 1..65535 (spec §5 "Ports integers"). */
export const PORT_RANGE = { min: 1, max: 65535 } as const;
/** Register expiry in seconds: 30 s to 7 days (our bounds; the spec gives only the 3600 default). */
export const EXPIRES_RANGE = { min: 30, max: 604_800 } as const;
/** Host names, addresses and SIP user parts: no spaces, quotes or angle brackets (as the platform checks). */
export const SIP_TOKEN = /^[^\s"<>]*$/;
