import { SipTransport } from '@phonefleet/sdk/ui';

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
