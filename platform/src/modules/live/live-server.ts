import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { LIVE_PATH, type LiveClientEvents, type LiveServerEvents } from '@phonefleet/sdk';
import { createAdapter } from '@socket.io/postgres-adapter';
import type pg from 'pg';
import type { Logger } from 'pino';
import { Server } from 'socket.io';
import type { SessionRequest, SessionResolver } from '../../http/route.js';
import type { SessionInfo } from '../auth/session-info.js';
import { ROOT_ORG_ID } from '../tenancy/root-organization.js';

/** What a connected socket is, from its session at the handshake. */
export interface LiveSocketData {
  userId: number;
  orgId: number;
}

export type LiveServer = Server<LiveClientEvents, LiveServerEvents, Record<never, never>, LiveSocketData>;

export const userRoom = (userId: number) => `user:${userId}`;
export const orgRoom = (orgId: number) => `org:${orgId}`;

/** The answer a refused handshake gets (socket.io `connect_error`). */
export const LIVE_REFUSED = 'unauthorized';

/** The `Cookie` header read the way Koa's `ctx.cookies.get` reads it (first match, quotes removed). */
export function handshakeCookies(request: IncomingMessage): SessionRequest['cookies'] {
  return {
    get(name: string) {
      for (const pair of (request.headers.cookie ?? '').split(';')) {
        const at = pair.indexOf('=');
        if (at < 0 || pair.slice(0, at).trim() !== name) continue;
        const value = pair.slice(at + 1).trim();
        return value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
      }
      return undefined;
    },
  };
}

/**
 * Cross-site WebSocket hijacking: WebSockets have no same-origin rule, so a page on another port or
 * sibling host could open one with the user's cookie. A browser always names the page in `Origin`;
 * it must be this console as the request reached it (or `PUBLIC_URL`). Programs send no `Origin`
 * and carry no ambient cookie.
 */
export function sameOriginHandshake(
  request: IncomingMessage,
  trustProxy: boolean,
  publicUrl: string | undefined,
): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  const sender = hostOf(origin);
  const forwarded = trustProxy
    ? request.headers['x-forwarded-host']?.toString().split(',')[0]?.trim()
    : undefined;
  const hosts = [forwarded, request.headers.host, publicUrl ? hostOf(publicUrl) : undefined];
  return sender !== undefined && hosts.some((host) => host === sender);
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

/** The user's own organisation (not an entered enterprise): its room is where its events arrive. */
function ownOrganisation(session: SessionInfo): number {
  const { user } = session.login;
  return user.channelId ?? user.enterpriseId ?? ROOT_ORG_ID;
}

export interface LiveServerOptions {
  pool: pg.Pool;
  sessionResolver: SessionResolver;
  trustProxy: boolean;
  publicUrl: () => string | undefined;
  logger: Logger;
}

/**
 * The socket.io server on the console's HTTP server (docs/live.md): a handshake without a valid
 * console session is refused; an accepted socket joins its user's room and its own organisation's
 * room, and nothing else (clients have no messages to send). Broadcasts go through PostgreSQL to
 * every instance (`@socket.io/postgres-adapter`, NOTIFY, payloads over 8,000 bytes in
 * `socket_io_attachments`).
 */
export function startLiveServer(server: HttpServer, options: LiveServerOptions): LiveServer {
  const { logger } = options;
  const io: LiveServer = new Server(server, {
    path: LIVE_PATH,
    serveClient: false,
    // Clients send only protocol packets (and, on other namespaces, short requests).
    maxHttpBufferSize: 4096,
    allowRequest: (request, answer) =>
      answer(null, sameOriginHandshake(request, options.trustProxy, options.publicUrl())),
    adapter: createAdapter(options.pool, {
      errorHandler: (error) => logger.warn({ err: error }, 'live: PostgreSQL adapter'),
    }),
  });
  io.use(sessionHandshake(options));
  io.on('connection', (socket) => {
    void socket.join([userRoom(socket.data.userId), orgRoom(socket.data.orgId)]);
  });
  return io;
}

type Handshake = (
  socket: { request: IncomingMessage; data: LiveSocketData },
  next: (error?: Error) => void,
) => void;

/** Refuses a connection without a valid console session; an accepted one carries its user and organisation. */
export function sessionHandshake({ sessionResolver, logger }: LiveServerOptions): Handshake {
  return (socket, next) => {
    sessionResolver.fromRequest({ cookies: handshakeCookies(socket.request) }).then(
      (session) => {
        if (!session) return next(new Error(LIVE_REFUSED));
        socket.data = { userId: session.login.user.id, orgId: ownOrganisation(session) };
        next();
      },
      (error: unknown) => {
        logger.warn({ err: error }, 'live: session lookup failed');
        next(new Error(LIVE_REFUSED));
      },
    );
  };
}
