import { ErrorCode } from '@phonefleet/sdk';
import type { Context } from 'koa';
import type { Logger } from 'pino';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { AccessService } from '../access/access-service.js';
import type { SessionInfo } from '../auth/session-info.js';
import {
  HMAC_SCHEME,
  keyHash,
  NONCE,
  NONCE_HEADER,
  parseSignedAuthorization,
  REPLAY_WINDOW_SECONDS,
  signatureMatches,
  TIMESTAMP_HEADER,
} from './credential-keys.js';

interface CredentialState {
  id: string;
  api_id: string;
  name: string;
  key_hash: Buffer;
  rate_per_minute: number;
  revoked: boolean;
  expired: boolean;
  /** The creator may act: activated, its organisation and those above it not frozen. */
  usable: boolean;
  /** What the cached description depends on, besides the grants version. */
  stamp: string;
  grants_version: string;
  /** This request's nonce was not seen before (always true for a bearer key). */
  fresh: boolean;
}

/**
 * The credential found by API ID ($1) or key hash ($2), its nonce ($3, '' for none) recorded in the
 * same statement. Recording before the signature is checked costs a forger nothing it could use:
 * nonces are the client's random values, and a forged one is dropped with the others after 10 minutes.
 */
const STATE = `
  WITH c AS (
    SELECT c.id, c.api_id, c.name, c.key_hash, c.rate_per_minute,
           c.revoked_at IS NOT NULL AS revoked, coalesce(c.expires_at <= now(), false) AS expired,
           u.status = 'activated' AND NOT EXISTS (
             SELECT 1 FROM orgs a WHERE a.status = 'frozen'
                AND a.id = ANY(string_to_array(trim(BOTH '/' FROM o.path), '/')::bigint[])) AS usable,
           md5(row(c.revision, c.role_id, u.site_ids, u.zone_id, u.user_name, u.email)::text) AS stamp
      FROM api_credentials c JOIN users u ON u.id = c.user_id JOIN orgs o ON o.id = c.org_id
     WHERE c.api_id = $1 OR c.key_hash = $2),
  seen AS (
    INSERT INTO api_request_nonces (credential_id, nonce)
    SELECT id, $3 FROM c WHERE $3 <> '' ON CONFLICT DO NOTHING RETURNING 1)
  SELECT c.*, (SELECT version FROM access_grants) AS grants_version,
         $3 = '' OR EXISTS (SELECT 1 FROM seen) AS fresh
    FROM c`;

/** The row the credential acts as: its creator, in the credential's organisation, with its role. */
const ACTING_USER = `(SELECT cu.id, cu.user_name, cu.email, r.user_type, c.role_id, c.org_id, cu.zone_id, cu.site_ids
                        FROM api_credentials c JOIN users cu ON cu.id = c.user_id JOIN roles r ON r.id = c.role_id
                       WHERE c.id = $1) u`;

/** A request's count in the credential's rate: settles to undefined (counted) or the refusal. */
interface Count {
  id: string;
  rate: number;
  outcome: Promise<unknown>;
}

/** Descriptions kept per instance; each is checked against its row on every call. */
const KEPT = 10_000;

function refused(messageKey: Parameters<typeof AppError.invalid>[0]): AppError {
  return new AppError(ErrorCode.loginFailed, messageKey, 401);
}

/**
 * Who an `Authorization` header names (docs/api-service.md): a request signed with HMAC-SHA256
 * over method, path, timestamp, nonce and body hash, or the key as a bearer token over HTTPS. The
 * answer is the session-like description the routes check (organisation, role grants, sites), so
 * every route treats a credential as it treats a browser. One statement per call reads the
 * credential and records the nonce; the description is built only when its row or the grants changed.
 */
export class CredentialAuth {
  private readonly db: Database;
  private readonly accessService: AccessService;
  private readonly logger: Logger;
  private readonly described = new Map<string, { stamp: string; session: SessionInfo }>();
  private readonly limiters = new Map<number, RateLimiterPostgres>();
  private readonly lastTouched = new Map<string, number>();
  /** API ID → credential id and rate, as this instance last read them. */
  private readonly seen = new Map<string, { id: string; rate: number }>();
  /**
   * The limiter's statements as prepared statements on the hot-path pool (its `pool` store type
   * takes anything with pg's `query`): through sequelize each call paid the ORM's connection
   * handling, which cost the signed path a third of its rate (bench apiService 0.69 of cookie).
   */
  private readonly limiterStore = {
    query: async (query: { name?: string; text: string; values: unknown[] }) => ({
      rows: query.name
        ? await this.db.prepared(query.name, query.text, query.values)
        : await this.db.query(query.text, query.values),
    }),
  };

  constructor(deps: { db: Database; accessService: AccessService; logger: Logger }) {
    this.db = deps.db;
    this.accessService = deps.accessService;
    this.logger = deps.logger;
  }

  /** The credential's description; refuses (40100, 42900) with the reason otherwise. */
  async fromRequest(ctx: Context): Promise<SessionInfo> {
    const authorization = ctx.get('Authorization');
    let early: Count | undefined;
    let admitted = false;
    try {
      let state: CredentialState | undefined;
      if (authorization.startsWith(`${HMAC_SCHEME} `)) {
        const known = this.seen.get(parseSignedAuthorization(authorization)?.apiId ?? '');
        // A credential this instance has seen starts its count beside its lookup (one round trip, not two).
        early = known && this.count(known.id, known.rate);
        state = await this.signed(ctx, authorization);
      } else if (/^Bearer pfk_[A-Za-z0-9_-]{43}$/.test(authorization)) {
        // ctx.secure: TLS on this socket, or X-Forwarded-Proto from a trusted proxy (TRUST_PROXY=true).
        if (!ctx.secure) throw refused('apiBearerNeedsHttps');
        const hash = keyHash(authorization.slice('Bearer '.length));
        [state] = await this.db.prepared<CredentialState>('api-credential-state', STATE, ['', hash, '']);
        if (!state) throw refused('apiCredentialUnknown');
      } else {
        throw refused('apiAuthorizationInvalid');
      }
      if (this.seen.size >= KEPT) this.seen.clear();
      this.seen.set(state.api_id, { id: state.id, rate: state.rate_per_minute });
      if (state.revoked) throw refused('apiKeyRevoked');
      if (state.expired) throw refused('apiKeyExpired');
      if (!state.usable) throw refused('accountFrozen');
      if (!state.fresh) throw refused('apiRequestReplayed');
      const count = early?.id === state.id && early.rate === state.rate_per_minute ? early : undefined;
      if (early && !count) this.giveBack(early);
      admitted = true;
      await this.admit(ctx, count ?? this.count(state.id, state.rate_per_minute));
      this.touch(state.id);
      return await this.describe(state);
    } catch (error) {
      // A refused request costs its credential nothing (a forger cannot spend someone's rate).
      if (early && !admitted) this.giveBack(early);
      throw error;
    }
  }

  private async signed(ctx: Context, authorization: string): Promise<CredentialState> {
    const parsed = parseSignedAuthorization(authorization);
    const timestamp = ctx.get(TIMESTAMP_HEADER);
    const nonce = ctx.get(NONCE_HEADER);
    if (!parsed || !/^\d{1,12}$/.test(timestamp) || !NONCE.test(nonce))
      throw refused('apiAuthorizationInvalid');
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > REPLAY_WINDOW_SECONDS)
      throw refused('apiClockSkew');
    const [state] = await this.db.prepared<CredentialState>('api-credential-state', STATE, [
      parsed.apiId,
      null,
      nonce,
    ]);
    if (!state) throw refused('apiCredentialUnknown');
    const rawBody = (ctx.request as { rawBody?: string }).rawBody ?? '';
    const parts = { method: ctx.method, path: ctx.originalUrl, timestamp, nonce, body: rawBody };
    if (!signatureMatches(state.key_hash, parts, parsed.signature)) throw refused('apiSignatureInvalid');
    return state;
  }

  private limiter(rate: number): RateLimiterPostgres {
    let limiter = this.limiters.get(rate);
    if (!limiter) {
      limiter = new RateLimiterPostgres({
        storeClient: this.limiterStore,
        storeType: 'pool',
        tableName: 'rate_limits',
        tableCreated: true,
        keyPrefix: `api-credential-${rate}`,
        points: rate,
        duration: 60,
      });
      this.limiters.set(rate, limiter);
    }
    return limiter;
  }

  /** Counts one request of the credential, in PostgreSQL so every instance shares the count. */
  private count(id: string, rate: number): Count {
    const outcome = this.limiter(rate)
      .consume(id)
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    return { id, rate, outcome };
  }

  /** Takes back a count started for a request that was then refused. */
  private giveBack(count: Count): void {
    void count.outcome.then((outcome) => {
      if (outcome !== undefined) return;
      this.limiter(count.rate)
        .reward(count.id, 1)
        .catch((error: unknown) => this.logger.warn({ err: error }, 'api rate count not given back'));
    });
  }

  private async admit(ctx: Context, count: Count): Promise<void> {
    const outcome = await count.outcome;
    if (outcome === undefined) return;
    if (!(outcome instanceof RateLimiterRes)) throw outcome;
    const seconds = Math.max(1, Math.ceil(outcome.msBeforeNext / 1000));
    ctx.set('Retry-After', String(seconds));
    throw new AppError(ErrorCode.tooManyRequests, 'apiRateLimited', 429, `retryAfterSeconds: ${seconds}`);
  }

  private async describe(state: CredentialState): Promise<SessionInfo> {
    const stamp = `${state.stamp}:${state.grants_version}`;
    const cached = this.described.get(state.id);
    if (cached?.stamp === stamp) return cached.session;
    const description = await this.accessService.describeAs('api-credential-describe', ACTING_USER, [
      state.id,
    ]);
    if (!description) throw refused('apiCredentialUnknown');
    const session: SessionInfo = {
      tokenHash: `api:${state.api_id}`,
      ...description,
      credential: { id: Number(state.id), apiId: state.api_id, name: state.name },
    };
    if (this.described.size >= KEPT) this.described.clear();
    this.described.set(state.id, { stamp, session });
    return session;
  }

  /** Last use, written at most once a minute per credential and instance, after the answer is decided. */
  private touch(id: string): void {
    const now = Date.now();
    if (now - (this.lastTouched.get(id) ?? 0) < 60_000) return;
    this.lastTouched.set(id, now);
    this.db
      .execute('UPDATE api_credentials SET last_used_at = now() WHERE id = $1', [id])
      .catch((error: unknown) => this.logger.warn({ err: error }, 'api credential last use not recorded'));
  }

  /** Forgets nonces older than the replay window on both sides: set-based, one statement. */
  async sweepNonces(): Promise<void> {
    await this.db.execute(
      `DELETE FROM api_request_nonces WHERE seen_at < now() - make_interval(secs => $1)`,
      [REPLAY_WINDOW_SECONDS * 2],
    );
  }
}
