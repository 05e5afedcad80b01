import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { bodyParser } from '@koa/bodyparser';
import { ErrorCode, isMessageKey, type Language, normaliseLanguage } from '@phonefleet/sdk';
import Koa, { type Context, type Next } from 'koa';
import compress from 'koa-compress';
import send from 'koa-send';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { projectRoot } from '../config.js';
import type { ApiGate, ObservedCall, RouteObserver } from '../module.js';
import type { SessionInfo } from '../modules/auth/session-info.js';
import { PRODUCT_VERSION } from '../product.js';
import { type ApiEndpoint, apiRouter } from './api-router.js';
import { createDeviceApp, type DeviceRoute } from './device-app.js';
import { AppError, failure, success } from './envelope.js';
import { FailureLog } from './failure-log.js';
import { buildOpenApi } from './openapi.js';
import { labelRequest } from './request-label.js';
import type { CredentialResolver, RouteDefinition, SessionResolver } from './route.js';
import { sameOriginOnly, securityHeaders } from './security.js';
import { type StoredUpload, uploadedFile, uploadMiddleware } from './upload.js';

export interface RequestState {
  requestId: string;
  language: Language;
  /** Caller's GMT offset in minutes, from the `Timezone: GMT+08:00` header; 0 when absent. */
  zoneOffsetMinutes: number;
  log: Logger;
}

const JSON_LIMIT = '1mb';
const hostDist = path.join(projectRoot, 'host', 'dist');

function parseZoneOffset(header: string | undefined): number {
  const match = /^(?:GMT|UTC)?\s*([+-])(\d{1,2}):?(\d{2})?$/i.exec(header?.trim() ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

function zodError(error: z.ZodError): AppError {
  const first = error.issues[0];
  const key = first && isMessageKey(first.message) ? first.message : 'invalidFormat';
  const detail = error.issues
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .join('; ');
  return AppError.invalid(key, detail);
}

// Tab, line feed and carriage return are text; every other C0 control and DEL is not, in any field.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Refuses, before any schema or handler sees it, a string anywhere in the input with a control character. */
function refuseControlCharacters(value: unknown, where: string): void {
  if (typeof value === 'string') {
    if (CONTROL_CHARACTER.test(value)) throw AppError.invalid('invalidFormat', `${where}: control character`);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      refuseControlCharacters(key, where);
      refuseControlCharacters(item, `${where}.${key}`);
    }
  }
}

/** A request's context; each part is made on first use: most requests never log, many never read the language or the zone. */
class LazyRequestState implements RequestState {
  #language: Language | undefined;
  #zoneOffsetMinutes: number | undefined;
  #log: Logger | undefined;

  constructor(
    readonly requestId: string,
    private readonly ctx: Context,
    private readonly logger: Logger,
  ) {}

  get language(): Language {
    this.#language ??= normaliseLanguage(this.ctx.get('Accept-Language'));
    return this.#language;
  }

  get zoneOffsetMinutes(): number {
    this.#zoneOffsetMinutes ??= parseZoneOffset(this.ctx.get('Timezone'));
    return this.#zoneOffsetMinutes;
  }

  get log(): Logger {
    this.#log ??= this.logger.child({ requestId: this.requestId });
    return this.#log;
  }
}

const REQUEST_ID = /^[A-Za-z0-9-]{8,64}$/;

function requestContext(logger: Logger, failures: FailureLog) {
  return async (ctx: Context, next: Next) => {
    const incoming = ctx.get('X-Request-Id');
    const requestId = REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const state = new LazyRequestState(requestId, ctx, logger);
    ctx.state.request = state;
    ctx.res.setHeader('X-Request-Id', requestId);
    try {
      await next();
      if (ctx.status < 500 && ctx.path.startsWith('/api/')) failures.succeeded();
    } catch (error) {
      const appError = toAppError(error);
      if (appError.code === ErrorCode.internal)
        failures.failed(error, { path: ctx.path }, 'request failed', state.log);
      ctx.status = appError.httpStatus;
      ctx.body = failure(appError, state.language);
    }
  };
}

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const status = (error as { status?: number; type?: string }).status;
  if (status === 413) return new AppError(ErrorCode.payloadTooLarge, 'payloadTooLarge');
  if (status === 400 || status === 415) return AppError.invalid('invalidFormat', (error as Error).message);
  return new AppError(ErrorCode.internal, 'unknownError');
}

const GZIP_THRESHOLD = 16 * 1024;
const gzip = promisify(zlib.gzip);

/** Answers a handler returns frozen (the same object for a while, e.g. the health report) are encoded once per language. */
const encodedOnce = new WeakMap<object, Map<Language, string>>();

function encode(reply: Parameters<typeof success>[0], language: Language): string {
  if (!Object.isFrozen(reply)) return JSON.stringify(success(reply, language));
  let byLanguage = encodedOnce.get(reply);
  if (!byLanguage) {
    byLanguage = new Map();
    encodedOnce.set(reply, byLanguage);
  }
  let json = byLanguage.get(language);
  if (json === undefined) {
    json = JSON.stringify(success(reply, language));
    byLanguage.set(language, json);
  }
  return json;
}

/**
 * Most answers are small and go out as they are; large ones (parameter trees, long lists) are
 * gzipped off the event loop when the client accepts it.
 */
async function writeJson(ctx: Context, json: string): Promise<void> {
  // Set on the response itself: Koa's `type` and `vary` setters parse and look up what is constant here.
  ctx.res.setHeader('Content-Type', 'application/json; charset=utf-8');
  ctx.res.setHeader('Vary', 'Accept-Encoding');
  if (json.length >= GZIP_THRESHOLD && ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
    ctx.res.setHeader('Content-Encoding', 'gzip');
    ctx.body = await gzip(json);
  } else {
    ctx.body = json;
  }
}

// DELETE too: the spec's batch deletions (e.g. DELETE /device/removeBatch) carry their ids in the body.
const parseJson = bodyParser({
  jsonLimit: JSON_LIMIT,
  enableTypes: ['json'],
  encoding: 'utf-8',
  parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
});

/** Who a request names: a session cookie, or an API credential in `Authorization` (docs/api-service.md). */
export interface Principals {
  sessions: SessionResolver;
  credentials?: CredentialResolver;
}

/**
 * The caller's session when the route needs one; refuses missing sessions and missing powers. The
 * caller (a browser session or an API credential, `session.credential`) is left in
 * `ctx.state.session` for what runs after the handler (the operation log).
 */
async function authorise(
  route: RouteDefinition,
  principals: Principals,
  ctx: Context,
): Promise<SessionInfo | undefined> {
  if (route.access === 'public') return undefined;
  const { sessions, credentials } = principals;
  const session =
    credentials && ctx.get('Authorization')
      ? await credentials.fromRequest(ctx)
      : await sessions.fromRequest(ctx);
  if (!session) throw AppError.sessionExpired();
  ctx.state.session = session;
  if (route.access === 'person' && session.credential) throw AppError.forbidden();
  if (typeof route.access === 'object') {
    const { power, button } = route.access;
    if (!session.powers.has(power)) throw AppError.forbidden();
    if (button && !session.login.buttons[power]?.includes(button)) throw AppError.forbidden();
  }
  return session;
}

/** Refuses the call while an operation holds the console, unless the route stays open then. */
function gated(route: RouteDefinition, gates: readonly ApiGate[]) {
  return async (ctx: Context, next: Next) => {
    labelRequest(ctx.req, route.path);
    if (!route.openDuringOperation) {
      for (const gate of gates) {
        const refusal = gate.refusal((ctx.state.request as RequestState).language);
        if (refusal) throw refusal;
      }
    }
    await next();
  };
}

function endpoint(
  route: RouteDefinition,
  principals: Principals,
  gates: readonly ApiGate[],
  observers: readonly RouteObserver[],
): ApiEndpoint {
  const { upload } = route;
  const watchers = observers.flatMap((observer) => observer.watch(route) ?? []);
  // Uploads are read into memory only for callers allowed to make them.
  const middleware =
    route.method === 'get'
      ? []
      : upload
        ? [
            async (ctx: Context, next: Next) => {
              await authorise(route, principals, ctx);
              await next();
            },
            uploadMiddleware(upload),
          ]
        : [parseJson];
  // A refused upload keeps nothing it stored (a claimed file belongs to its record).
  const last = upload?.store
    ? async (ctx: Context) => {
        try {
          await handle(ctx);
        } catch (error) {
          const stored = (ctx.state.upload as StoredUpload | undefined)?.stored;
          if (stored) await upload.store?.discardUnclaimed(stored.id);
          throw error;
        }
      }
    : handle;
  return { method: route.method, path: route.path, middleware: [gated(route, gates), ...middleware, last] };

  async function handle(ctx: Context): Promise<void> {
    const state = ctx.state.request as RequestState;
    refuseControlCharacters(ctx.query, 'query');
    refuseControlCharacters(ctx.request.body, 'body');
    const query = route.query
      ? route.query.safeParse(ctx.query)
      : { success: true as const, data: ctx.query };
    if (!query.success) throw zodError(query.error);
    const body = route.body
      ? route.body.safeParse(ctx.request.body ?? {})
      : { success: true as const, data: undefined };
    if (!body.success) throw zodError(body.error);
    const session = upload
      ? (ctx.state.session as SessionInfo | undefined)
      : await authorise(route, principals, ctx);
    const file = upload ? uploadedFile(ctx, upload) : undefined;
    const handler = route.handler as (
      input: object,
    ) => Promise<{ raw: true } | Parameters<typeof success>[0]>;
    const params = ctx.params ?? {};
    let reply: Awaited<ReturnType<typeof handler>>;
    try {
      reply = await handler({ body: body.data, query: query.data, params, ctx, session, file });
    } catch (error) {
      if (watchers.length > 0)
        tell(watchers, { body: body.data, query: query.data, params, error, route, ctx }, session);
      throw error;
    }
    if (watchers.length > 0)
      tell(watchers, { body: body.data, query: query.data, params, route, ctx }, session);
    if ('raw' in reply) return;
    await writeJson(ctx, encode(reply, state.language));
  }
}

/** Module-level, not nested in `handle`: a closure made per request costs every request (measured on /api/health). */
function tell(
  watchers: readonly ((call: ObservedCall) => void)[],
  call: Omit<ObservedCall, 'session'>,
  session: SessionInfo | undefined,
): void {
  // Sign-in has no session before its handler; it leaves the one it opened on the context.
  const caller = session ?? (call.ctx.state.session as SessionInfo | undefined);
  for (const watcher of watchers) watcher({ ...call, session: caller });
}

async function sendFile(ctx: Context, root: string, file: string): Promise<void> {
  const immutable = /\.[0-9a-f]{8,}\.(js|css)$/.test(file);
  try {
    await send(ctx, file, {
      root,
      setHeaders: (res) =>
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  } catch (error) {
    // koa-send refuses paths outside the root (403) and missing files (404): both are "not here".
    const status = (error as { status?: number }).status;
    if (status !== 403 && status !== 404) throw error;
    ctx.status = 404;
  }
}

export interface HttpAppParts {
  logger: Logger;
  trustProxy: boolean;
  routes: RouteDefinition[];
  deviceRoutes: DeviceRoute[];
  /** What refuses API calls while a backup, restore or upgrade holds the console. */
  gates?: readonly ApiGate[];
  /** What watches API calls after their handlers (the operation log). */
  observers?: readonly RouteObserver[];
  sessions: SessionResolver;
  /** API credentials (`Authorization` header); without it only session cookies are read. */
  credentials?: CredentialResolver;
  /** The URL users reach the console at, once known (`PUBLIC_URL` or the listening address). */
  publicUrl(): string | undefined;
  /** Where a loaded UI plugin's built files are; undefined for an unknown plugin. */
  pluginDist(pluginId: string): string | undefined;
}

/**
 * The Koa application: the device-facing app in front, then the browser API under /api, the host
 * shell at /, UI plugins under /plugins.
 */
export function createHttpApp({
  logger,
  trustProxy,
  routes,
  deviceRoutes,
  gates = [],
  observers = [],
  sessions,
  credentials,
  publicUrl,
  pluginDist,
}: HttpAppParts): Koa {
  const app = new Koa();
  app.proxy = trustProxy;
  // Errors Koa sees outside the middleware (mostly clients that went away mid-response).
  app.on('error', (error: NodeJS.ErrnoException) => {
    if (['ERR_STREAM_PREMATURE_CLOSE', 'EPIPE', 'ECONNRESET'].includes(error.code ?? '')) return;
    logger.warn({ err: error }, 'response failed');
  });
  const failures = new FailureLog(logger);
  app.use(securityHeaders);
  app.use(requestContext(logger, failures));
  for (const middleware of createDeviceApp(deviceRoutes, failures).middleware) app.use(middleware);

  // Built when first asked for: converting every route's schemas cost the start 50–120 ms (measured).
  let openApi: object | undefined;
  const endpoints = routes.map((route) => endpoint(route, { sessions, credentials }, gates, observers));
  endpoints.push({
    method: 'get',
    path: '/openapi.json',
    middleware: [
      (ctx) => {
        openApi ??= buildOpenApi(routes, PRODUCT_VERSION);
        ctx.body = openApi;
      },
    ],
  });
  app.use(apiRouter('/api', endpoints, [sameOriginOnly(publicUrl)]));

  app.use(async (ctx, next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) {
      if (ctx.status === 405) throw new AppError(ErrorCode.notFound, 'invalidRoute', 405);
      if (ctx.body === undefined) throw new AppError(ErrorCode.notFound, 'invalidRoute', 404);
      return;
    }
    await next();
  });

  // Static files only: API answers are small and compressing them costs more than it saves on a LAN.
  app.use(compress({ threshold: 1024 }));

  // Built UI plugins: /plugins/<id>/<file>
  app.use(async (ctx, next) => {
    const match = /^\/plugins\/([a-z][a-z0-9-]*)\/(.+)$/.exec(ctx.path);
    if (!match || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const distDir = pluginDist(match[1] ?? '');
    if (!distDir) {
      ctx.status = 404;
      return;
    }
    await sendFile(ctx, distDir, match[2] ?? '');
  });

  // The host shell; every other GET is a client-side route and gets index.html.
  app.use(async (ctx) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 404;
      return;
    }
    if (!existsSync(path.join(hostDist, 'index.html'))) {
      ctx.status = 503;
      ctx.body = 'The console UI is not built yet: run npm run build';
      return;
    }
    const file = ctx.path.slice(1);
    if (file && existsSync(path.join(hostDist, file)) && !file.includes('..')) {
      await sendFile(ctx, hostDist, file);
    } else {
      await sendFile(ctx, hostDist, 'index.html');
    }
  });
  return app;
}
