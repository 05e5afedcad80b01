import { type DeviceIdentity, normaliseMac } from '@phonefleet/sdk';

/**
 * UC Software names the phone in its HTTP and SIP User-Agent as `PolycomVVX-VVX_450-UA/6.4.3.5018`
 * (HTTP requests prefix `FileTransport ` and may end with ` Type/Application`). The model id is the
 * token the phone sends (`VVX_450`). A MAC among further tokens is read; real phones name theirs only
 * in the request path (README "Facts").
 */
const USER_AGENT = /\bPolycomVVX-(VVX_\d{3})-UA\/(\d+(?:\.\d+){2,3})((?:\s+\S+)*)$/i;
const MAC = /^(?:[0-9A-Fa-f]{2}:?){5}[0-9A-Fa-f]{2}$/;

export function identify(userAgent: string): DeviceIdentity | undefined {
  const match = USER_AGENT.exec(userAgent.trim());
  if (!match?.[1]) return undefined;
  const mac = (match[3] ?? '').split(/\s+/).find((token) => MAC.test(token));
  return { model: match[1].toUpperCase(), firmware: match[2], mac: mac ? normaliseMac(mac) : undefined };
}
