import { type DeviceIdentity, normaliseMac } from '@phonefleet/sdk';

/**
 * Multiplatform phones fetch with `Cisco-CP-8841-3PCC/11.3.7 (00562b043615)`: the product name
 * (`CP-<model>-3PCC`), the firmware, and the MAC in parentheses. In SIP they name themselves
 * `Cisco/CP-8841-3PCC-11.3.7`. Only the models of this driver are claimed (not SPA, not Enterprise
 * firmware, whose product names lack `-3PCC`).
 */
const HTTP = /^Cisco-(CP-\d{4})-3PCC\/([0-9][\w.-]*)(?:\s+\(([0-9A-Fa-f]{12})\))?$/;
const SIP = /^Cisco\/(CP-\d{4})-3PCC-([0-9][\w.-]*)(?:\s+\(([0-9A-Fa-f]{12})\))?$/;

export function identify(userAgent: string, models: ReadonlySet<string>): DeviceIdentity | undefined {
  const text = userAgent.trim();
  const match = HTTP.exec(text) ?? SIP.exec(text);
  if (!match?.[1] || !models.has(match[1])) return undefined;
  return { model: match[1], firmware: match[2], mac: match[3] ? normaliseMac(match[3]) : undefined };
}
