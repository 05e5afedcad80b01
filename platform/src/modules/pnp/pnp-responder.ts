import {
  buildUaProfileNotify,
  newDialogTag,
  readUaProfileSubscribe,
  type SipRemote,
  type SipRequest,
  type SipResponseInit,
  SipUdpEndpoint,
} from '@phonefleet/sdk/sip';
import type { Logger } from 'pino';
import type { ConsoleConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { TaskEngine } from '../tasks/task-engine.js';
import { SubscribeLimit } from './subscribe-limit.js';

/** A claim outlives every retransmission of its SUBSCRIBE (64*T1 = 32 s) with room to spare. */
const CLAIM_MINUTES = 5;

/**
 * Claims the SUBSCRIBE transaction for this instance and says whether the MAC is in a device list,
 * in one statement: of all instances that heard the multicast, only the insert that wins answers.
 */
const CLAIM_SQL = `WITH claim AS (
    INSERT INTO pnp_claims (call_id, cseq) VALUES ($1, $2)
    ON CONFLICT (call_id, cseq) DO NOTHING RETURNING 1)
  SELECT EXISTS (SELECT 1 FROM claim) AS won, EXISTS (SELECT 1 FROM devices WHERE mac = $3) AS known`;

function unspecified(address: string): boolean {
  return address === '0.0.0.0' || address === '::';
}

/**
 * Answers the SIP plug-and-play SUBSCRIBE (`Event: ua-profile`) phones multicast at boot with
 * 200 OK and a NOTIFY carrying the provisioning URL (docs/zero-touch.md). Off unless configured.
 */
export class PnpResponder {
  private readonly db: Database;
  private readonly logger: Logger;
  private readonly config: ConsoleConfig;
  private readonly taskEngine: TaskEngine;
  /** Its own socket when it does not share the task engine's; closed at dispose. */
  private own: SipUdpEndpoint | undefined;
  private endpoint: SipUdpEndpoint | undefined;
  private readonly pending = new Set<Promise<void>>();
  /** NOTIFYs this instance sent and the phones answered 2xx (tests and logs read it). */
  notified = 0;
  private readonly limit: SubscribeLimit;

  constructor(deps: { db: Database; logger: Logger; config: ConsoleConfig; taskEngine: TaskEngine }) {
    this.db = deps.db;
    this.logger = deps.logger.child({ module: 'pnp' });
    this.config = deps.config;
    this.taskEngine = deps.taskEngine;
    this.limit = new SubscribeLimit(this.logger);
  }

  /** SUBSCRIBEs this instance left unanswered because their source address was over the limit. */
  get limited(): number {
    return this.limit.refused;
  }

  /** Where it listens once started; undefined when off or the port was taken. */
  get listening(): { address: string; port: number } | undefined {
    return this.endpoint?.address;
  }

  async start(): Promise<void> {
    const settings = this.config.pnp;
    if (!settings.enabled) return;
    if (!settings.url && !settings.defaultUrl) {
      this.logger.warn('PNP_ENABLE is set but there is no URL to give phones: set PUBLIC_URL or PNP_URL');
      return;
    }
    const endpoint = await this.bind();
    if (!endpoint) return;
    if (settings.group) {
      try {
        endpoint.joinMulticastGroup(settings.group, settings.interfaceAddress || undefined);
      } catch (error) {
        // No multicast route or no such interface: unicast SUBSCRIBEs are still answered.
        this.logger.warn(
          { err: error, group: settings.group, interfaceAddress: settings.interfaceAddress || undefined },
          'cannot join the SIP plug-and-play multicast group: check PNP_INTERFACE and the host has a multicast route',
        );
      }
    }
    endpoint.onRequest((request, remote) => this.answer(request, remote));
    this.endpoint = endpoint;
    const { address, port } = endpoint.address;
    this.logger.info(
      {
        address,
        port,
        group: settings.group || undefined,
        url: settings.url,
        defaultUrl: settings.defaultUrl,
      },
      'answering SIP plug-and-play (ua-profile) requests',
    );
  }

  /**
   * The task engine's socket when it is bound to every address on the plug-and-play port (two
   * sockets on one port would split the phones' answers between them), else a socket of its own.
   */
  private async bind(): Promise<SipUdpEndpoint | undefined> {
    const { address, port } = this.config.pnp;
    const engine = this.taskEngine.sipEndpoint;
    if (engine && engine.address.port === port && unspecified(engine.address.address)) return engine;
    try {
      this.own = await SipUdpEndpoint.bind({ address, port }, { t1Ms: this.config.push.sipT1Ms });
      return this.own;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      this.logger.warn(
        `SIP plug-and-play is not answered by this instance: ${address}:${port} is in use by another program (another console instance on this host answers for it)`,
      );
      return undefined;
    }
  }

  private async answer(request: SipRequest, remote: SipRemote): Promise<SipResponseInit | undefined> {
    const endpoint = this.endpoint;
    const subscribe = endpoint ? readUaProfileSubscribe(request, remote) : undefined;
    if (!endpoint || !subscribe || !Number.isInteger(subscribe.cseq)) return undefined;
    // Silence, not a 503: see docs/zero-touch.md "Rate limit".
    if (!(await this.limit.allows(remote.address))) return undefined;
    let verdict: { won: boolean; known: boolean } | undefined;
    try {
      verdict = await this.db.one<{ won: boolean; known: boolean }>(CLAIM_SQL, [
        subscribe.callId,
        subscribe.cseq,
        subscribe.mac,
      ]);
    } catch (error) {
      // Silence, not a 500: another instance may answer, and the phone retransmits meanwhile.
      this.logger.warn(
        { err: error, mac: subscribe.mac },
        'plug-and-play request not answered: database error',
      );
      return undefined;
    }
    if (!verdict?.won) return undefined;
    const url = verdict.known ? this.config.pnp.url : this.config.pnp.defaultUrl;
    if (!url) return undefined;
    const notifier = { dialogTag: newDialogTag(), contactUri: endpoint.contactUri };
    const notify = buildUaProfileNotify(subscribe, request, url, notifier);
    // The NOTIFY follows the 200 OK, which the endpoint sends once this handler returns.
    const sending = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.endpoint?.sendRequest(notify.target, notify.request))
      .then((response) => {
        if (response && response.status < 300) this.notified += 1;
        this.logger.info(
          { mac: subscribe.mac, model: subscribe.model, known: verdict.known, status: response?.status },
          'plug-and-play NOTIFY sent',
        );
      })
      .catch((error: unknown) => {
        this.logger.info({ mac: subscribe.mac, err: error }, 'plug-and-play NOTIFY not answered');
      })
      .finally(() => this.pending.delete(sending));
    this.pending.add(sending);
    // A response that opens a dialog names its sender's Contact (RFC 3261 §12.1.1).
    return {
      status: 200,
      headers: { Expires: '0', Contact: `<${notifier.contactUri}>` },
      toTag: notifier.dialogTag,
    };
  }

  async sweepClaims(): Promise<void> {
    await this.db.execute(
      `DELETE FROM pnp_claims WHERE claimed_at < now() - make_interval(mins => ${CLAIM_MINUTES})`,
    );
  }

  /** Its own socket is closed, ending its NOTIFYs in flight; a shared one is the task engine's to close. */
  async dispose(): Promise<void> {
    const own = this.own;
    this.endpoint = undefined;
    this.own = undefined;
    await own?.close();
    if (own) await Promise.allSettled([...this.pending]);
  }
}
