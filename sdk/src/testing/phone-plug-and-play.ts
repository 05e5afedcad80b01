import type { SipTarget, SipUdpEndpoint } from '../sip/endpoint.js';
import { headerParameter, type SipRequest, type SipResponse, type SipResponseInit } from '../sip/message.js';
import {
  buildUaProfileSubscribe,
  readUaProfileNotify,
  type UaProfilePhone,
  type UaProfileSubscription,
} from '../sip/plug-and-play.js';

/** The subscription a boot is waiting on, and the final answer its SUBSCRIBE got (undefined: none). */
interface Waiting extends UaProfileSubscription {
  answered: Promise<SipResponse | undefined>;
  deliver: (url: string) => void;
}

/**
 * A phone's SIP plug-and-play at boot (docs/zero-touch.md): the ua-profile SUBSCRIBE to the
 * multicast group (or a unicast target) from its own SIP socket, and the URL of the NOTIFY that
 * answers it, which arrives on that socket like any request. Like a real phone it takes only a
 * NOTIFY of its subscription's dialog: its Call-ID, its From tag as To tag, and as From tag the To
 * tag of the 200 OK its SUBSCRIBE got; any other is answered 481 and ignored.
 */
export class PlugAndPlayDiscovery {
  private waiting: Waiting | undefined;
  /** URLs of the plug-and-play NOTIFYs it took. */
  readonly received: string[] = [];
  /** Plug-and-play NOTIFYs it refused (481) as outside its subscription's dialog. */
  ignored = 0;

  /**
   * Its answer to a plug-and-play NOTIFY: 200 when it is of the subscription's dialog (its URL taken),
   * 481 (Call/Transaction Does Not Exist, RFC 6665 §4.1.3) when not; undefined for any other request.
   */
  async receive(request: SipRequest): Promise<SipResponseInit | undefined> {
    const url = readUaProfileNotify(request);
    if (url === undefined) return undefined;
    const waiting = this.waiting;
    if (!waiting || !(await inDialog(request, waiting))) {
      this.ignored += 1;
      return { status: 481 };
    }
    this.received.push(url);
    waiting.deliver(url);
    return { status: 200 };
  }

  /**
   * Sends the SUBSCRIBE (retransmitted until a final answer, as the SIP transaction does) and waits
   * up to `timeoutMs` for the NOTIFY of its dialog; undefined when none came.
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
    let deliver: (url: string) => void = () => {};
    const notified = new Promise<string | undefined>((resolve) => {
      deliver = resolve;
      timer = setTimeout(() => resolve(undefined), timeoutMs);
    });
    // Nobody answering is a normal outcome here (plug-and-play off): the NOTIFY wait decides.
    const answered = endpoint
      .sendRequest(subscribe.target, subscribe.request)
      .catch((): SipResponse | undefined => undefined);
    this.waiting = { ...subscribe.subscription, answered, deliver };
    try {
      return await notified;
    } finally {
      clearTimeout(timer);
      this.waiting = undefined;
    }
  }
}

const tagOf = (request: SipRequest | SipResponse, header: 'From' | 'To') =>
  headerParameter(request.headers.get(header) ?? '', 'tag');

/**
 * Whether a NOTIFY is of the subscription's dialog. It may overtake the 200 OK (RFC 6665 §4.1.2.4),
 * so the From tag is compared once the SUBSCRIBE's answer is in.
 */
async function inDialog(request: SipRequest, waiting: Waiting): Promise<boolean> {
  if (request.headers.get('Call-ID') !== waiting.callId) return false;
  if (tagOf(request, 'To') !== waiting.fromTag) return false;
  const answer = await waiting.answered;
  if (!answer || answer.status >= 300) return false;
  const dialogTag = tagOf(answer, 'To');
  return dialogTag !== undefined && tagOf(request, 'From') === dialogTag;
}
