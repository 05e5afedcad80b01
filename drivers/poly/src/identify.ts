import { type DeviceIdentity, normaliseMac } from '@phonefleet/sdk';

/**
 * UC Software names the phone in its HTTP and SIP User-Agent as `PolycomVVX-VVX_450-UA/6.4.3.5018`,
 * Poly Edge E phones as `PolyEdge-Edge_E450-UA/8.0.0.15602` (HTTP requests prefix `FileTransport `
 * and may end with ` Type/Application`; Edge SIP User-Agents append `_` and 12 hex digits to the
 * version, which is not read: no source says they are the MAC). The model id is the token the phone sends (`VVX_450`,
 * `Edge_E450`). A MAC among further tokens is read; real phones name theirs only in the request path
 * (README "Facts").
 */
const USER_AGENT =
  /\bPoly(?:comVVX-VVX_(\d{3})|Edge-Edge_E(\d{3}))-UA\/(\d+(?:\.\d+){2,3})(?:_[0-9A-Fa-f]{12})?((?:\s+\S+)*)$/i;
const MAC = /^(?:[0-9A-Fa-f]{2}:?){5}[0-9A-Fa-f]{2}$/;

export function identify(userAgent: string): DeviceIdentity | undefined {
  const match = USER_AGENT.exec(userAgent.trim());
  if (!match) return undefined;
  const [, vvx, edge, firmware, rest] = match;
  const model = vvx ? `VVX_${vvx}` : `Edge_E${edge}`;
  const mac = (rest ?? '').split(/\s+/).find((token) => MAC.test(token));
  return { model, firmware, mac: mac ? normaliseMac(mac) : undefined };
}
