import { type DeviceIdentity, normaliseMac } from '@phonefleet/sdk';

/**
 * GXP21xx/GRP261x phones send `Grandstream GXP2170 1.0.11.3` over SIP and, when provisioning over
 * HTTP, `Grandstream Model HW GRP2614 SW 1.0.5.33 DevId c074ad112233` (a hardware revision such as
 * `V1.2A` may follow the model). Variant letters (GRP2612P, GRP2612W) name the same model.
 */
const USER_AGENT =
  /^Grandstream\s+(?:Model\s+HW\s+)?(GXP21\d0|GRP26\d\d)[A-Z]?\s+(?:V[\w.]+\s+)?(?:SW\s+)?(\d+(?:\.\d+){3})(?:\s+DevId\s+([0-9A-Fa-f]{2}(?::?[0-9A-Fa-f]{2}){5}))?\b/;

export function identify(userAgent: string): DeviceIdentity | undefined {
  const match = USER_AGENT.exec(userAgent.trim());
  if (!match?.[1]) return undefined;
  return { model: match[1], firmware: match[2], mac: match[3] ? normaliseMac(match[3]) : undefined };
}
