import {
  type DiagnosticAction,
  type DiagnosticSessionRow,
  type DiagnosticStartBody,
  type DiagnosticState,
  type DiagnosticWatchAnswer,
  diagnosticMessage,
  type Language,
  macWithColons,
  normaliseLanguage,
  type PingResult,
  type TracerouteResult,
} from '@phonefleet/sdk';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { SessionResolver } from '../../http/route.js';
import type { SessionInfo } from '../auth/session-info.js';
import { handshakeCookies } from '../live/live-server.js';
import type { LiveService } from '../live/live-service.js';
import type { TenantScope } from '../tenancy/scope.js';
import { consoleRecords } from './console-records.js';
import type { DiagnosticDevices } from './diagnostic-devices.js';
import { BACKLOG_BYTES, DiagnosticStreams } from './diagnostic-streams.js';
import type { sessionsBody } from './schemas.js';
import { describeParams } from './session-details.js';
import { inRange, OUTPUT_FILES, planAction } from './session-plans.js';
import { SessionRunner } from './session-runner.js';

/** Sessions one phone may run at once (several engineers watch one session rather than start more). */
export const MAX_SESSIONS_PER_DEVICE = 4;
/** A running session whose instance has not written for this long is ended as interrupted. */
const STALE_SECONDS = 5;
/** Ended sessions and their output are kept this long. */
const RETENTION_DAYS = 30;

interface SessionDbRow {
  id: string;
  device_id: string | null;
  device_name: string;
  mac: string;
  model: string;
  action: DiagnosticAction;
  params: Record<string, string | number>;
  state: DiagnosticState;
  message: string;
  bytes: string;
  user_name: string;
  started_at: Date;
  ended_at: Date | null;
  result: PingResult | TracerouteResult | null;
  oid: string | null;
}

const SESSION_COLUMNS = `s.id, s.device_id, s.device_name, s.mac, s.model, s.action, s.params, s.state, s.message,
  s.bytes, s.user_name, s.started_at, s.ended_at, s.result, s.oid`;

/**
 * The sessions a user sees: its organisations', of devices in its sites (a sub-user limited to some
 * sites sees no session of a device elsewhere, nor of one deleted since).
 */
const SESSIONS_IN_SCOPE = `diagnostic_sessions s LEFT JOIN devices d ON d.id = s.device_id
  WHERE {scope:s.org_id} AND {sites:d.site_id}`;

/**
 * Diagnostic sessions (docs/diagnostics.md): started here and run by a `SessionRunner` on the
 * instance that accepted them; read, stopped and downloaded from any instance; watched live
 * through `DiagnosticStreams`.
 */
export class DiagnosticsService {
  private readonly db: Database;
  private readonly logger: Logger;
  private readonly devices: DiagnosticDevices;
  private readonly sessionResolver: SessionResolver;
  readonly streams: DiagnosticStreams;
  private readonly runners = new Map<number, SessionRunner>();
  private closing: Promise<void> | undefined;

  constructor(deps: {
    db: Database;
    logger: Logger;
    diagnosticDevices: DiagnosticDevices;
    sessionResolver: SessionResolver;
  }) {
    this.db = deps.db;
    this.logger = deps.logger;
    this.devices = deps.diagnosticDevices;
    this.sessionResolver = deps.sessionResolver;
    this.streams = new DiagnosticStreams(deps.logger, (socket, sessionId) =>
      this.answerWatch(socket.request, sessionId),
    );
  }

  /** The namespace on the live server (module attach, after the live module's). */
  attach(liveService: LiveService): void {
    this.streams.attach(liveService.namespace('/diagnostics'));
  }

  /** Open SSH sessions held by this instance (tests count them against the phones' side). */
  get running(): number {
    return this.runners.size;
  }

  async start(
    session: SessionInfo,
    body: DiagnosticStartBody,
    language: Language,
  ): Promise<DiagnosticSessionRow> {
    if (this.closing) throw AppError.invalid('diagnosticsInstanceStopped');
    const { scope } = session;
    const device = await this.devices.find(scope, body.deviceId);
    if (!device.diagnostics.supported) throw AppError.validation(toMessage(device.diagnostics.reason));
    const plan = planAction(device.diagnostics.commands, body);
    const target = await this.devices.target(scope, device);
    const preamble =
      body.action === 'systemLog' && plan.range
        ? await consoleRecords(this.db, Number(device.row.id), plan.range)
        : undefined;
    const { row } = device;
    const created = await this.db.transaction(async (transaction) => {
      // One statement counts and inserts, under a lock on the device row: two starts cannot both pass.
      await this.db.execute('SELECT 1 FROM devices WHERE id = $1 FOR UPDATE', [row.id], transaction);
      const [inserted] = await this.db.query<{ id: string; oid: string }>(
        `INSERT INTO diagnostic_sessions (org_id, device_id, mac, device_name, model, user_id, user_name, action, params, oid)
         SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, lo_create(0)
          WHERE (SELECT count(*) FROM diagnostic_sessions
                  WHERE device_id = $2 AND state IN ('connecting', 'running')) < ${MAX_SESSIONS_PER_DEVICE}
         RETURNING id, oid`,
        [
          row.org_id,
          row.id,
          row.mac,
          row.device_name,
          row.model,
          session.login.user.id,
          session.login.user.userName,
          body.action,
          JSON.stringify(plan.params),
        ],
        transaction,
      );
      return inserted;
    });
    if (!created) throw AppError.invalid('diagnosticsTooMany');
    const sessionId = Number(created.id);
    const runner = new SessionRunner(
      {
        sessionId,
        deviceId: Number(row.id),
        oid: created.oid,
        action: body.action,
        argv: plan.argv,
        target,
        text: plan.text,
        result: plan.result,
        answerCodes: plan.answerCodes,
        rewrite: body.action === 'config' ? this.devices.configMasker(row.model) : undefined,
        keepLine: plan.range && plan.parseLogLine ? inRange(plan.parseLogLine, plan.range) : undefined,
        preamble,
      },
      {
        db: this.db,
        logger: this.logger,
        streams: this.streams,
        pinHostKey: (id, key) => this.devices.pinHostKey(id, key),
      },
    );
    this.runners.set(sessionId, runner);
    void runner.done.finally(() => this.runners.delete(sessionId));
    return this.session(scope, sessionId, language);
  }

  /** Stops a running session wherever it runs (its instance sees the state at its next write). */
  async stop(scope: TenantScope, sessionId: number): Promise<void> {
    await this.row(scope, sessionId);
    await this.db.execute(
      `UPDATE diagnostic_sessions SET state = 'stopped', ended_at = now()
        WHERE id = $1 AND state IN ('connecting', 'running')`,
      [sessionId],
    );
    this.runners.get(sessionId)?.stop({ state: 'stopped', message: '' });
  }

  async sessions(
    scope: TenantScope,
    search: z.output<typeof sessionsBody>,
    language: Language,
  ): Promise<{ list: DiagnosticSessionRow[]; total: number }> {
    await this.endStale();
    const rows = await scope.query<SessionDbRow & { total: string }>(
      this.db,
      `SELECT ${SESSION_COLUMNS}, count(*) OVER () AS total FROM ${SESSIONS_IN_SCOPE}
          AND ($1::bigint IS NULL OR s.device_id = $1)
        ORDER BY s.id DESC LIMIT $2 OFFSET $3`,
      [search.deviceId ?? null, search.pageSize, (search.currentPage - 1) * search.pageSize],
    );
    return { list: rows.map((row) => this.describe(row, language)), total: Number(rows[0]?.total ?? 0) };
  }

  async session(scope: TenantScope, sessionId: number, language: Language): Promise<DiagnosticSessionRow> {
    return this.describe(await this.row(scope, sessionId), language);
  }

  /** What the download of a session serves: its bytes so far, by name and type. */
  async download(
    scope: TenantScope,
    sessionId: number,
  ): Promise<{ fileName: string; contentType: string; size: number; body: AsyncGenerator<Buffer> }> {
    const row = await this.row(scope, sessionId);
    const size = Number(row.bytes);
    if (!row.oid || size === 0) throw AppError.notFound();
    const { contentType } = OUTPUT_FILES[row.action];
    return { fileName: fileNameOf(row), contentType, size, body: this.read(row.oid, 0, size) };
  }

  /** Ends running sessions whose instance stopped writing (it died): what they kept stays downloadable. */
  async endStale(): Promise<number> {
    return this.db.execute(
      `UPDATE diagnostic_sessions SET state = 'interrupted', message = 'diagnosticsInstanceStopped', ended_at = heartbeat_at
        WHERE state IN ('connecting', 'running') AND heartbeat_at < now() - make_interval(secs => $1)`,
      [STALE_SECONDS],
    );
  }

  /** The housekeeping job: stale sessions ended, old ones deleted with their output. */
  async sweep(): Promise<void> {
    await this.endStale();
    await this.db.execute(
      `WITH old AS (DELETE FROM diagnostic_sessions
                     WHERE ended_at < now() - make_interval(days => $1) RETURNING oid)
       SELECT lo_unlink(oid) FROM old WHERE oid IS NOT NULL`,
      [RETENTION_DAYS],
    );
  }

  /** Stops what runs here; each session ends as interrupted with what it kept. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      for (const runner of this.runners.values()) {
        runner.stop({ state: 'interrupted', message: 'diagnosticsInstanceStopped' });
      }
      await Promise.all([...this.runners.values()].map((runner) => runner.done));
      this.streams.close();
    })();
    return this.closing;
  }

  private async answerWatch(
    request: Parameters<typeof handshakeCookies>[0],
    sessionId: number,
  ): Promise<DiagnosticWatchAnswer> {
    const language = normaliseLanguage(request.headers['accept-language'] ?? '');
    const session = await this.sessionResolver.fromRequest({ cookies: handshakeCookies(request) });
    if (!session) return { ok: false, message: diagnosticMessage('sessionExpired', language) };
    if (!session.powers.has('diagnostics'))
      return { ok: false, message: diagnosticMessage('forbidden', language) };
    let row: SessionDbRow;
    try {
      row = await this.row(session.scope, sessionId);
    } catch {
      return { ok: false, message: diagnosticMessage('notFound', language) };
    }
    const held = this.streams.tailOf(sessionId);
    const tail = held ?? (await this.storedTail(row));
    return { ok: true, session: this.describe(row, language), backlog: tail.text, backlogEnd: tail.end };
  }

  private async storedTail(row: SessionDbRow): Promise<{ text: string; end: number }> {
    const end = Number(row.bytes);
    if (!row.oid || end === 0 || !OUTPUT_FILES[row.action].contentType.startsWith('text/')) {
      return { text: '', end };
    }
    const start = Math.max(0, end - BACKLOG_BYTES);
    const parts: Buffer[] = [];
    for await (const part of this.read(row.oid, start, end)) parts.push(part);
    const text = Buffer.concat(parts).toString('utf8');
    // Begun mid-line (or mid-character): start at the next whole line.
    return { text: start > 0 ? text.slice(text.indexOf('\n') + 1) : text, end };
  }

  private async *read(oid: string, start: number, end: number): AsyncGenerator<Buffer> {
    const piece = 256 * 1024;
    for (let offset = start; offset < end; offset += piece) {
      const row = await this.db.one<{ bytes: Buffer }>(
        'SELECT lo_get($1::oid, $2::bigint, $3::int) AS bytes',
        [oid, offset, Math.min(piece, end - offset)],
      );
      if (!row) return;
      yield row.bytes;
    }
  }

  private async row(scope: TenantScope, sessionId: number): Promise<SessionDbRow> {
    await this.endStale();
    const [row] = await scope.query<SessionDbRow>(
      this.db,
      `SELECT ${SESSION_COLUMNS} FROM ${SESSIONS_IN_SCOPE} AND s.id = $1`,
      [sessionId],
    );
    if (!row) throw AppError.notFound();
    return row;
  }

  private describe(row: SessionDbRow, language: Language): DiagnosticSessionRow {
    return {
      id: Number(row.id),
      deviceId: row.device_id === null ? 0 : Number(row.device_id),
      deviceName: row.device_name,
      macAddress: macWithColons(row.mac),
      model: row.model,
      action: row.action,
      detail: describeParams(row.action, row.params, language),
      state: row.state,
      message: diagnosticMessage(row.message, language),
      bytes: Number(row.bytes),
      userName: row.user_name,
      startTime: row.started_at.toISOString(),
      endTime: row.ended_at?.toISOString() ?? null,
      fileName: Number(row.bytes) > 0 ? fileNameOf(row) : '',
      result: row.result,
    };
  }
}

function fileNameOf(row: Pick<SessionDbRow, 'id' | 'mac' | 'action'>): string {
  return `${row.mac}-${row.action}-${row.id}.${OUTPUT_FILES[row.action].extension}`;
}

function toMessage(reason: { en: string; 'zh-CN': string }): { en: string; zh: string } {
  return { en: reason.en, zh: reason['zh-CN'] };
}
