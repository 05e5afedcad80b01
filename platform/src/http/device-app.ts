import type { Readable } from 'node:stream';
import Koa, { type Context } from 'koa';
import type { FailureLog } from './failure-log.js';
import { labelRequest } from './request-label.js';
import { clientAddress } from './route.js';

/** A phone's request, as every device-facing handler sees it. */
export interface DeviceRequest {
  /** The path after the route's prefix, still percent-encoded. */
  rest: string;
  method: string;
  /** Request URI as sent (digest signs it). */
  uri: string;
  query: Record<string, string | string[] | undefined>;
  userAgent: string;
  /** The caller's address (IPv4-mapped IPv6 written as IPv4). */
  ip: string;
  authorization: string | undefined;
  ifNoneMatch: string | undefined;
  /** The `Range` header (downloads). */
  range: string | undefined;
  /** `http://host:port` as the phone addressed the console: URLs in its file point back the same way. */
  origin: string;
}

export interface DeviceReply {
  status: number;
  headers: Record<string, string>;
  /** Text, or a stream (a download) piped with back-pressure. */
  body?: string | Readable;
  /** Told when the answer is over: `sent` true when every byte went out, false when the phone hung up. */
  onEnd?: (sent: boolean) => void;
}

/** A phone-facing route: every path under `prefix` (e.g. `/prov/`). Plain HTTP, no session, no envelope. */
export interface DeviceRoute {
  prefix: string;
  methods: readonly string[];
  handle(request: DeviceRequest): Promise<DeviceReply>;
}

function deviceRequest(ctx: Context, prefix: string): DeviceRequest {
  return {
    rest: ctx.path.slice(prefix.length),
    method: ctx.method,
    uri: ctx.url,
    query: ctx.query,
    userAgent: ctx.get('User-Agent'),
    ip: clientAddress(ctx),
    authorization: ctx.get('Authorization') || undefined,
    ifNoneMatch: ctx.get('If-None-Match') || undefined,
    range: ctx.get('Range') || undefined,
    origin: `${ctx.protocol}://${ctx.host}`,
  };
}

/**
 * The device-facing side as its own Koa app. Today it is mounted in front of the browser app on
 * the same server (`mountDeviceApp`); it can listen on a port of its own unchanged. Paths no
 * route claims fall through to the browser app when mounted, and answer 404 alone.
 */
export function createDeviceApp(routes: DeviceRoute[], failures: FailureLog): Koa {
  const app = new Koa();
  const serve = async (ctx: Context, route: DeviceRoute): Promise<void> => {
    labelRequest(ctx.req, route.prefix);
    if (!route.methods.includes(ctx.method)) {
      ctx.status = 405;
      ctx.set('Allow', route.methods.join(', '));
      return;
    }
    try {
      const reply = await route.handle(deviceRequest(ctx, route.prefix));
      failures.succeeded();
      ctx.status = reply.status;
      ctx.set(reply.headers);
      if (reply.body !== undefined) ctx.body = reply.body;
      const { onEnd } = reply;
      if (onEnd) {
        ctx.res.once('close', () => onEnd(ctx.res.writableFinished));
      }
    } catch (error) {
      failures.failed(error, { path: ctx.path }, 'device request failed');
      ctx.status = 500;
      ctx.type = 'text/plain';
      ctx.body = 'Internal error\n';
    }
  };
  // Not async: every other request passes through here, and pays no promise of its own.
  app.use((ctx, next) => {
    const route = routes.find((candidate) => ctx.path.startsWith(candidate.prefix));
    return route ? serve(ctx, route) : next();
  });
  return app;
}
