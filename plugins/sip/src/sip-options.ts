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

// Widths that keep the SIP lists within a 1440 px window with the sidebar open (docs/sip-ui.md):
// long names are cut with an ellipsis, the whole name in the tooltip, rather than widening the table.
export const LONG_TEXT = { maxWidth: 200 } as const;
export const SHORT_TEXT = { maxWidth: 110 } as const;
/** The account list's row buttons (Edit, Set parameters, Bind, Unbind, Delete) wrap onto two lines. */
export const ACTIONS_WIDTH = 200;
