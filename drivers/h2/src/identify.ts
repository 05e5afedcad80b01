import { type DeviceIdentity, normaliseMac } from '@phonefleet/sdk';

/**
 * H2 phones send `Generic H2P 2.14.0.5 00:15:65:aa:bb:cc` (vendor, model, firmware, MAC with or
 * without colons); older firmware omits the MAC.
 */
const USER_AGENT = /\b(H2P?)\s+(\d+(?:\.\d+){1,3})(?:\s+([0-9A-Fa-f:.-]{12,17}))?/;

export function identify(userAgent: string): DeviceIdentity | undefined {
  const match = USER_AGENT.exec(userAgent);
  if (!match?.[1]) return undefined;
  return { model: match[1], firmware: match[2], mac: match[3] ? normaliseMac(match[3]) : undefined };
}
