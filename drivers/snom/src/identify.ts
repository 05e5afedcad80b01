import { type DeviceIdentity, normaliseMac } from '@phonefleet/sdk';

/**
 * D7xx phones send `Mozilla/4.0 (compatible; snomD785-SIP 10.1.73.16)` when they fetch settings,
 * and `snomD785/10.1.73.16` in SIP; some firmware adds further tokens (a chip revision, the MAC).
 * The first number after the model is the firmware. Only the D7xx generation is this driver's.
 */
const PROVISIONING = /\bsnom(D7\d{2})-SIP\s+(\d+(?:\.\d+){2,3})((?:\s+[^\s)]+)*)\s*\)?/i;
const SIP = /^snom(D7\d{2})\/(\d+(?:\.\d+){2,3})((?:\s+\S+)*)$/i;
const MAC = /^(?:[0-9A-Fa-f]{2}:?){5}[0-9A-Fa-f]{2}$/;

export function identify(userAgent: string): DeviceIdentity | undefined {
  const text = userAgent.trim();
  const match = PROVISIONING.exec(text) ?? SIP.exec(text);
  if (!match?.[1]) return undefined;
  const mac = (match[3] ?? '').split(/\s+/).find((token) => MAC.test(token));
  return { model: match[1].toUpperCase(), firmware: match[2], mac: mac ? normaliseMac(mac) : undefined };
}
