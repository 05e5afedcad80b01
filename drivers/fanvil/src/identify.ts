import { type DeviceIdentity, normaliseMac } from '@phonefleet/sdk';

/**
 * Fanvil desk phones send `Fanvil X4U 2.12.1 0c383e07e16c`: vendor, model (a `-Pro` or ` Pro` edition
 * is the same hardware family, `-V2` a hardware revision), firmware, then the MAC without separators.
 * X-series only: the driver's model list decides, so V, H, i and W series are not claimed.
 */
const USER_AGENT =
  /^Fanvil\s+(X\d{1,3}[A-Z]?[A-Z]?)(?:[- ]Pro|-V2)?\s+(\d+(?:\.\d+){1,3})(?:\s+([0-9A-Fa-f]{12}))?$/;

export function identify(userAgent: string, models: ReadonlySet<string>): DeviceIdentity | undefined {
  const match = USER_AGENT.exec(userAgent.trim());
  if (!match?.[1] || !models.has(match[1])) return undefined;
  return { model: match[1], firmware: match[2], mac: match[3] ? normaliseMac(match[3]) : undefined };
}
