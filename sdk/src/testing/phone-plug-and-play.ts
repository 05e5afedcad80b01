import type { SipTarget, SipUdpEndpoint } from '../sip/endpoint.js';
import type { SipRequest } from '../sip/message.js';
import { buildUaProfileSubscribe, readUaProfileNotify, type UaProfilePhone } from '../sip/plug-and-play.js';

/**
 * A phone's SIP plug-and-play at boot (docs/zero-touch.md): the ua-profile SUBSCRIBE to the
 * multicast group (or a unicast target) from its own SIP socket, and the URL of the NOTIFY that
 * answers it, which arrives on that socket like any request.
 */
export class PlugAndPlayDiscovery {
  private waiter: ((url: string) => void) | undefined;
  /** URLs of the plug-and-play NOTIFYs it received (a retransmission counts again). */
  readonly received: string[] = [];

  /** Takes a plug-and-play NOTIFY's URL; false when the request is not one. */
  receive(request: SipRequest): boolean {
    const url = readUaProfileNotify(request);
    if (url === undefined) return false;
    this.received.push(url);
    this.waiter?.(url);
    return true;
  }

  /**
   * Sends the SUBSCRIBE (retransmitted until a final answer, as the SIP transaction does) and waits
   * up to `timeoutMs` for the NOTIFY; undefined when none came.
   */
  async discover(
    endpoint: SipUdpEndpoint,
    phone: UaProfilePhone & { userAgent: string },
    target: SipTarget | undefined,
    timeoutMs: number,
  ): Promise<string | undefined> {
    const { address, port } = endpoint.address;
    const subscribe = buildUaProfileSubscribe({ ...phone, contact: { host: address, port } }, target);
    let timer: NodeJS.Timeout | undefined;
    const notified = new Promise<string | undefined>((resolve) => {
      this.waiter = resolve;
      timer = setTimeout(() => resolve(undefined), timeoutMs);
    });
    // Nobody answering is a normal outcome here (plug-and-play off): the NOTIFY wait decides.
    endpoint.sendRequest(subscribe.target, subscribe.request).catch(() => undefined);
    try {
      return await notified;
    } finally {
      clearTimeout(timer);
      this.waiter = undefined;
    }
  }
}
