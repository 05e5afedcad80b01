import { type DeviceIdentity, normaliseMac } from '@phonefleet/sdk';

/** V-series phones send `GenericPhone-V64/2.1.0.12 (001565aabbcc)`; the MAC may carry colons or dashes. */
const USER_AGENT = /\bGenericPhone-(V\d{2}[A-Z]?)\/(\d+(?:\.\d+){1,3})(?:\s*\(([0-9A-Fa-f:.-]{12,17})\))?/;

export function identify(userAgent: string): DeviceIdentity | undefined {
  const match = USER_AGENT.exec(userAgent);
  if (!match?.[1]) return undefined;
  return { model: match[1], firmware: match[2], mac: match[3] ? normaliseMac(match[3]) : undefined };
}
