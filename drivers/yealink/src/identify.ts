import { type DeviceIdentity, normaliseMac } from '@phonefleet/sdk';

/**
 * Yealink desk phones send `Yealink SIP-T46S 66.86.0.15 00:15:65:aa:bb:cc`: vendor, `SIP-` and the
 * model, the firmware (its first number is the model's firmware family), then the MAC unless
 * `static.auto_provision.user_agent_mac.enable` is 0. T4x/T5x only: DECT bases and other series are
 * not this driver's.
 */
const USER_AGENT =
  /^Yealink\s+SIP-(T[45]\d[A-Z]{0,2})\s+(\d+(?:\.\d+){3})(?:\s+([0-9A-Fa-f]{2}(?::?[0-9A-Fa-f]{2}){5}))?\b/;

export function identify(userAgent: string): DeviceIdentity | undefined {
  const match = USER_AGENT.exec(userAgent.trim());
  if (!match?.[1]) return undefined;
  return { model: match[1], firmware: match[2], mac: match[3] ? normaliseMac(match[3]) : undefined };
}
