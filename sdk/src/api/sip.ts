/**
 * What the SIP APIs answer (docs/sip.md): servers, accounts and the bindings of accounts to the
 * lines of devices. Lists answer `rows[0] = { list, total }`. An account's password is write-only:
 * no answer carries it, `hasPassword` says whether one is stored.
 */

/** Spec §9: transport 0 UDP, 1 TCP, 2 TLS, 3 DNS NAPTR. */
export const SipTransport = { udp: 0, tcp: 1, tls: 2, dnsNaptr: 3 } as const;
export type SipTransport = (typeof SipTransport)[keyof typeof SipTransport];

/** Spec §9: NAT traversal Disable, NAT, STUN, ICE. */
export const NatTraversal = { disable: 0, nat: 1, stun: 2, ice: 3 } as const;
export type NatTraversal = (typeof NatTraversal)[keyof typeof NatTraversal];

/** Spec §9 SIP defaults. */
export const SIP_DEFAULTS = {
  port: 5060,
  secondaryPort: 5060,
  expires: 3600,
  transport: SipTransport.udp,
  natTraversal: NatTraversal.disable,
} as const;

/** Lines a phone can hold at most (spec §9 "Up to 20 SIP accounts"); a model may hold fewer. */
export const MAX_LINES = 20;

/** A server's ports: integers 1..65535 (spec §5 "Ports integers"). */
export const SIP_PORT_RANGE = { min: 1, max: 65535 } as const;
/** A register expiry in seconds: 30 s to 7 days (our bounds; the spec gives only the 3600 default). */
export const SIP_EXPIRES_RANGE = { min: 30, max: 604_800 } as const;
/** Host names, addresses and SIP user parts: no spaces, quotes or angle brackets (may be empty). */
export const SIP_TOKEN = /^[^\s"<>]*$/;

/** The additional (secondary) server block of a SIP server. */
export interface SipSecondaryServer {
  /** Empty: no secondary server. */
  server: string;
  port: number;
  expires: number;
  transport: SipTransport;
  outboundProxy: string;
  outboundPort: number | null;
}

/** A SIP server row and `GET /tb-sip-server/query`. */
export interface SipServerRow {
  id: number;
  serverName: string;
  /** Registrar host name or address. */
  server: string;
  port: number;
  outboundProxy: string;
  outboundPort: number | null;
  expires: number;
  transport: SipTransport;
  natTraversal: NatTraversal;
  secondary: SipSecondaryServer;
  siteId: number;
  siteName: string;
  /** Accounts on this server. */
  accountNumber: number;
  createTime: string;
}

/** `POST /tb-sip-server/add` and `update` (with `id`). */
export interface SipServerInput {
  id?: number;
  serverName: string;
  server: string;
  port?: number;
  outboundProxy?: string;
  outboundPort?: number | null;
  expires?: number;
  transport?: SipTransport;
  natTraversal?: NatTraversal;
  secondary?: Partial<SipSecondaryServer>;
  siteId: number;
}

/** A server in pickers (`GET /tb-sip-server/options`). */
export interface SipServerOption {
  id: number;
  serverName: string;
  server: string;
  siteId: number;
}

/** Where an account is bound: one line of one device. */
export interface SipAccountBinding {
  deviceId: number;
  macAddress: string;
  deviceName: string;
  /** Line (account number on the phone), 1..20. */
  line: number;
  /** Spec §4 account status of this line: 1 registered, 2 unregistered. */
  status: number;
  /** Why the last registration failed (the registrar's answer as the phone reported it). */
  failure: string | null;
  /** When the phone last reported this line (ISO). */
  reportedAt: string | null;
}

/** A SIP account row and `GET /tb-sip-account/query`. */
export interface SipAccountRow {
  id: number;
  labelName: string;
  /** Authentication name the phone registers with. */
  registerName: string;
  displayName: string;
  /** The SIP user (extension): `sip:<userName>@<server>`. */
  userName: string;
  hasPassword: boolean;
  serverId: number;
  serverName: string;
  /** Model it is meant for (empty: any). */
  model: string;
  siteId: number;
  siteName: string;
  /** Spec §4: 0 unassigned, 1 registered, 2 unregistered. */
  status: number;
  binding: SipAccountBinding | null;
  createTime: string;
}

/** `POST /tb-sip-account/add` and `update` (with `id`; an empty or absent password keeps the stored one). */
export interface SipAccountInput {
  id?: number;
  labelName?: string;
  registerName: string;
  password?: string;
  displayName?: string;
  userName: string;
  serverId: number;
  model?: string;
  siteId: number;
}

/** One line of a device (`GET /device/listDeviceAccount`). */
export interface DeviceLine {
  line: number;
  accountId: number;
  labelName: string;
  userName: string;
  registerName: string;
  serverName: string;
  status: number;
  failure: string | null;
  reportedAt: string | null;
}

/** `GET /device/listDeviceAccount`: the device's lines and how many its model holds. */
export interface DeviceLines {
  deviceId: number;
  macAddress: string;
  model: string;
  /** Lines the model holds (its driver's `accounts` capability). */
  maxLines: number;
  /** Spec §4 device account status: 0 no account, 1 normal, 2 abnormal. */
  accountStatus: number;
  lines: DeviceLine[];
}

/** `POST /device/accountAssign` item and `accountAssignOne` body. */
export interface AccountAssignment {
  deviceId: number;
  line: number;
  accountId: number;
}

/**
 * A binding refused because the account is bound elsewhere (spec §8 "duplicate account binding"):
 * the answer of a refused assign lists them; sending again with `force: true` moves them.
 */
export interface BindingConflict {
  accountId: number;
  userName: string;
  macAddress: string;
  line: number;
}

/** An account picker entry (`GET /device/listAccount`). */
export interface AccountOption {
  id: number;
  labelName: string;
  userName: string;
  serverName: string;
  siteName: string;
  /** Bound elsewhere (choosing it asks to move it). */
  bound: { macAddress: string; line: number } | null;
}

/** A row of an account import that was refused, and why. */
export interface SipAccountImportFailure {
  row: number;
  userName: string;
  reason: string;
}
