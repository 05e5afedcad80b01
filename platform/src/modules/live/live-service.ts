import type { Server as HttpServer } from 'node:http';
import type { LiveEvent, LiveEventName } from '@phonefleet/sdk';
import type { Logger } from 'pino';
import type { Transaction } from 'sequelize';
import type { Namespace } from 'socket.io';
import type { ConsoleConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { SessionResolver } from '../../http/route.js';
import type { ServerAttachment } from '../../module.js';
import { ROOT_ORG_ID } from '../tenancy/root-organization.js';
import { AdapterConnections } from './adapter-connections.js';
import {
  type LiveServer,
  type LiveServerOptions,
  type LiveSocketData,
  orgRoom,
  sessionHandshake,
  startLiveServer,
  userRoom,
} from './live-server.js';

/**
 * Who hears an event: the users of these organisations and of every organisation above them that
 * sees their data (channels, the platform administrator), and these users.
 */
export interface LiveTarget {
  orgIds?: readonly number[];
  userIds?: readonly number[];
}

/**
 * How long publications gather before they are sent. 10,000 phones turned offline in one sweep, or
 * a stream of events stored once a second, reach each browser as one event per window instead of
 * one per change, while a single change still shows within the spec's 2 s.
 */
export const COALESCE_MS = 300;

/**
 * The org ids an event of each org reaches: itself, the platform root, and the organisations above
 * it whose scope includes its data (a channel not authorized by an enterprise does not see it,
 * docs/organisation.md "Data scope"). One statement for a whole window's organisations.
 */
const AUDIENCE_SQL = `
  SELECT o.id AS org_id, a.id AS audience_id
    FROM orgs o
   CROSS JOIN LATERAL unnest(string_to_array(trim(BOTH '/' FROM o.path), '/')::bigint[]) AS a(id)
   WHERE o.id = ANY($1::bigint[])
     AND (a.id = o.id OR a.id = ${ROOT_ORG_ID} OR o.type <> 'enterprise' OR o.channel_authorized)`;

interface Gathered {
  orgIds: Set<number>;
  userIds: Set<number>;
}

/**
 * Live updates to browsers (docs/live.md). Modules call `publish` after their transaction commits
 * (or `publishAfterCommit` inside it); events gather for `COALESCE_MS` per event name and go out
 * as one socket.io broadcast to the rooms concerned, which the PostgreSQL adapter carries to the
 * sockets of every instance. Nothing here is state: a lost window is a missed hint, and the pages
 * poll as well.
 */
export class LiveService implements ServerAttachment {
  private readonly db: Database;
  private readonly logger: Logger;
  private readonly config: ConsoleConfig;
  private readonly sessionResolver: SessionResolver;
  private io: LiveServer | undefined;
  private options: LiveServerOptions | undefined;
  private connections: AdapterConnections | undefined;
  private gathered = new Map<LiveEventName, Gathered>();
  private timer: NodeJS.Timeout | undefined;
  private sending: Promise<void> = Promise.resolve();
  private closing: Promise<void> | undefined;

  constructor(deps: {
    db: Database;
    logger: Logger;
    config: ConsoleConfig;
    sessionResolver: SessionResolver;
  }) {
    this.db = deps.db;
    this.logger = deps.logger;
    this.config = deps.config;
    this.sessionResolver = deps.sessionResolver;
  }

  /**
   * Tells the browsers of `target` that `event` happened. Call it after the change is committed;
   * it never throws and never waits (sending happens within `COALESCE_MS`).
   */
  publish(target: LiveTarget, event: LiveEvent): void {
    if (this.closing) return;
    const orgIds = target.orgIds ?? [];
    const userIds = target.userIds ?? [];
    if (orgIds.length === 0 && userIds.length === 0) return;
    const gathered = this.gathered.get(event.name) ?? { orgIds: new Set(), userIds: new Set() };
    this.gathered.set(event.name, gathered);
    for (const id of orgIds) gathered.orgIds.add(id);
    for (const id of userIds) gathered.userIds.add(id);
    this.timer ??= setTimeout(() => void this.flush(), COALESCE_MS).unref();
  }

  /** `publish` once `transaction` commits (nothing if it rolls back): for code that runs inside one. */
  publishAfterCommit(transaction: Transaction, target: LiveTarget, event: LiveEvent): void {
    transaction.afterCommit(() => this.publish(target, event));
  }

  /** Sends what has gathered now; resolves once it is handed to socket.io. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const window = this.gathered;
    this.gathered = new Map();
    this.sending = this.sending.then(() => this.send(window));
    return this.sending;
  }

  private async send(window: Map<LiveEventName, Gathered>): Promise<void> {
    const io = this.io;
    // Not attached yet (the first milliseconds of a boot) or closed: no socket here to tell.
    if (window.size === 0 || !io) return;
    try {
      const audience = await this.audienceOf([...window.values()].flatMap((each) => [...each.orgIds]));
      for (const [name, { orgIds, userIds }] of window) {
        const rooms = new Set<string>();
        for (const orgId of orgIds) for (const id of audience.get(orgId) ?? []) rooms.add(orgRoom(id));
        for (const userId of userIds) rooms.add(userRoom(userId));
        // One broadcast per event: a socket in several of the rooms gets it once.
        if (rooms.size > 0) io.to([...rooms]).emit(name);
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'live: could not send events');
    }
  }

  private async audienceOf(orgIds: number[]): Promise<Map<number, number[]>> {
    const audience = new Map<number, number[]>();
    if (orgIds.length === 0) return audience;
    const rows = await this.db.query<{ org_id: string; audience_id: string }>(AUDIENCE_SQL, [
      [...new Set(orgIds)],
    ]);
    for (const row of rows) {
      const orgId = Number(row.org_id);
      const ids = audience.get(orgId) ?? [];
      ids.push(Number(row.audience_id));
      audience.set(orgId, ids);
    }
    return audience;
  }

  attach(server: HttpServer): void {
    this.connections = new AdapterConnections(this.db, this.logger);
    this.options = {
      pool: this.connections.asPool(),
      sessionResolver: this.sessionResolver,
      trustProxy: this.config.trustProxy,
      publicUrl: () => this.config.publicUrl,
      logger: this.logger,
    };
    this.io = startLiveServer(server, this.options);
  }

  /**
   * A namespace of its own for a module's streams (diagnostics), on the same server and adapter,
   * refusing connections without a console session like the main one. Only after `attach`:
   * modules attach in order, and this one comes first.
   */
  namespace<ClientEvents extends object, ServerEvents extends object, ServerSideEvents extends object>(
    name: string,
  ): Namespace<ClientEvents, ServerEvents, ServerSideEvents, LiveSocketData> {
    const { io, options } = this;
    if (!io || !options) throw new Error('live: namespace asked for before the live server is attached');
    const namespace = io.of(name) as unknown as Namespace<
      ClientEvents,
      ServerEvents,
      ServerSideEvents,
      LiveSocketData
    >;
    namespace.use(sessionHandshake(options));
    return namespace;
  }

  /** Sends what has gathered, disconnects every socket, stops the adapter. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await this.flush();
      await this.io?.close();
      await this.connections?.end();
    })();
    return this.closing;
  }
}
