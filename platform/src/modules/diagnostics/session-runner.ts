import { StringDecoder } from 'node:string_decoder';
import {
  DIAGNOSTIC_CAPTURE_LIMIT_BYTES,
  type DiagnosticAction,
  type DiagnosticState,
  type MessageKey,
  type PingResult,
  shellCommand,
  type TracerouteResult,
} from '@phonefleet/sdk';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.js';
import { CaptureWriter, WRITE_BACKLOG_BYTES } from './capture-writer.js';
import type { DiagnosticStreams } from './diagnostic-streams.js';
import {
  openPhoneSsh,
  type PhoneCommand,
  type PhoneSshConnection,
  PhoneSshError,
  type PhoneSshTarget,
} from './phone-ssh-client.js';
import type { ResultReader } from './results.js';

/** What one session runs: decided and checked by the service before the row exists. */
export interface SessionPlan {
  sessionId: number;
  deviceId: number;
  oid: string;
  action: DiagnosticAction;
  argv: readonly string[];
  target: PhoneSshTarget;
  /** Whether the output is text the browsers see as it arrives (not a pcap or a PNG). */
  text: boolean;
  /** Reads the output line by line into the session's result (ping, traceroute). */
  result?: ResultReader;
  /** Keeps only some lines (the system log's range); the others are neither stored nor shown. */
  keepLine?: (line: string) => boolean;
  /** Written before the command's output (the system log's console part). */
  preamble?: string;
  /** Rewrites the whole output before it is kept (the config export's passwords masked); nothing streams. */
  rewrite?: (text: string) => string;
  /** An exit code that is an answer, not a failure (ping's 1: nothing answered). */
  answerCodes?: readonly number[];
}

/** How often watchers hear a running session's byte count. */
const PROGRESS_MS = 1000;
/** How long a command asked to stop may take to flush and exit before the connection is cut. */
const STOP_GRACE_MS = 1500;

type Ending = { state: DiagnosticState; message: MessageKey | ''; detail?: string };

/**
 * Runs one diagnostic session on this instance: SSH to the phone, the driver's command, its
 * output into the session's large object and to the browsers watching, until it ends by itself,
 * is stopped (here or from another instance, seen at the next write), reaches 100 MB, or the phone
 * drops. The row always ends in an end state with what arrived.
 */
export class SessionRunner {
  private connection: PhoneSshConnection | undefined;
  private command: PhoneCommand | undefined;
  private ending: Ending | undefined;
  private writer: CaptureWriter | undefined;
  private stopTimer: NodeJS.Timeout | undefined;
  readonly done: Promise<void>;

  constructor(
    private readonly plan: SessionPlan,
    private readonly deps: {
      db: Database;
      logger: Logger;
      streams: DiagnosticStreams;
      /** The phone's key, to pin when none is yet. */
      pinHostKey(deviceId: number, hostKey: string): Promise<void>;
    },
  ) {
    deps.streams.hold(plan.sessionId);
    this.done = this.run().catch((error: unknown) => {
      deps.logger.warn({ err: error, sessionId: plan.sessionId }, 'diagnostics: session failed');
    });
  }

  /** Ends the session (a user's stop, the instance stopping); output that arrived is kept. */
  stop(ending: Ending): void {
    this.ending ??= ending;
    if (!this.command) {
      this.connection?.close();
      return;
    }
    this.command.interrupt();
    this.stopTimer ??= setTimeout(() => this.connection?.close(), STOP_GRACE_MS);
  }

  private async run(): Promise<void> {
    const { plan, deps } = this;
    try {
      this.connection = await openPhoneSsh(plan.target);
    } catch (error) {
      const message = error instanceof PhoneSshError ? error.key : 'diagnosticsUnreachable';
      return this.finish({ state: 'failed', message });
    }
    if (this.ending) {
      this.connection.close();
      return this.finish(this.ending);
    }
    if (plan.target.pinnedKey === null) await deps.pinHostKey(plan.deviceId, this.connection.hostKey);
    const started = await deps.db.one<{ state: DiagnosticState }>(
      `UPDATE diagnostic_sessions SET state = 'running', heartbeat_at = now()
        WHERE id = $1 AND state = 'connecting' RETURNING state`,
      [plan.sessionId],
    );
    if (!started) {
      this.connection.close();
      return this.finish(this.ending ?? { state: 'stopped', message: '' });
    }
    this.progress('running', '');
    let progressAt = Date.now();
    this.writer = new CaptureWriter(deps.db, plan.sessionId, plan.oid, (state) => {
      if (state === 'stopped') return this.stop({ state: 'stopped', message: '' });
      // What grows without text to show (a trace) is told by its byte count, once a second.
      if (Date.now() - progressAt >= PROGRESS_MS) {
        progressAt = Date.now();
        this.progress('running', '');
      }
    });
    if (plan.preamble) this.take(Buffer.from(plan.preamble));
    try {
      this.command = await this.connection.exec(shellCommand(plan.argv));
    } catch {
      return this.finish({ state: 'interrupted', message: 'diagnosticsDropped' });
    }
    const exit = await this.pump(this.command);
    this.connection.close();
    clearTimeout(this.stopTimer);
    await this.finish(this.ending ?? this.endingOf(exit));
  }

  /** Output to the store and the watchers, pausing the phone while the store is behind. */
  private async pump(command: PhoneCommand): Promise<{ code: number | null; stderr: string }> {
    const decoder = new StringDecoder('utf8');
    let partial = '';
    const { keepLine, rewrite } = this.plan;
    const whole: Buffer[] = [];
    let wholeBytes = 0;
    command.output.on('data', (chunk: Buffer) => {
      if (this.ending?.state === 'limit') return;
      if (rewrite) {
        wholeBytes += chunk.length;
        if (wholeBytes > DIAGNOSTIC_CAPTURE_LIMIT_BYTES)
          this.stop({ state: 'limit', message: 'diagnosticsLimitReached' });
        else whole.push(chunk);
        return;
      }
      if (!this.plan.text) return void this.take(chunk);
      if (!keepLine && !this.plan.result) return void this.take(chunk);
      const lines = (partial + decoder.write(chunk)).split('\n');
      partial = lines.pop() ?? '';
      const kept = lines.filter((line) => (keepLine ? keepLine(line) : true));
      for (const line of kept) this.plan.result?.read(line);
      if (kept.length > 0) this.take(Buffer.from(`${kept.join('\n')}\n`));
    });
    const exit = await command.exit;
    if (rewrite) {
      const text = rewrite(Buffer.concat(whole).toString('utf8'));
      if (text) this.take(Buffer.from(text));
      return exit;
    }
    const rest = partial + decoder.end();
    if (rest && (!keepLine || keepLine(rest))) {
      this.plan.result?.read(rest);
      this.take(Buffer.from(rest));
    }
    return exit;
  }

  private take(chunk: Buffer): void {
    const writer = this.writer;
    if (!writer) return;
    const offset = writer.bytes;
    const taken = writer.append(chunk);
    if (this.plan.text && taken > 0) {
      this.deps.streams.output(this.plan.sessionId, offset, chunk.subarray(0, taken).toString('utf8'));
    }
    if (taken < chunk.length) this.stop({ state: 'limit', message: 'diagnosticsLimitReached' });
    const output = this.command?.output;
    if (output && writer.backlog > WRITE_BACKLOG_BYTES && !output.isPaused()) {
      output.pause();
      void writer.flush().then(() => output.resume());
    }
  }

  private endingOf({ code, stderr }: { code: number | null; stderr: string }): Ending {
    if (code === null) return { state: 'interrupted', message: 'diagnosticsDropped' };
    if (code === 0 || this.plan.answerCodes?.includes(code)) return { state: 'done', message: '' };
    if (code === 127) return { state: 'failed', message: 'diagnosticsCommandMissing', detail: stderr };
    return {
      state: 'failed',
      message: 'diagnosticsCommandFailed',
      detail: `${code}${stderr ? `: ${stderr}` : ''}`,
    };
  }

  private async finish(ending: Ending): Promise<void> {
    const { plan, deps } = this;
    let closeError: unknown;
    await this.writer?.close().catch((error: unknown) => {
      closeError = error;
    });
    const message = ending.message ? `${ending.message}${ending.detail ? `:${ending.detail}` : ''}` : '';
    const result = plan.result?.result() ?? null;
    await deps.db.execute(
      `UPDATE diagnostic_sessions
          SET state = CASE WHEN state IN ('connecting', 'running') THEN $2 ELSE state END,
              message = CASE WHEN state IN ('connecting', 'running') THEN $3 ELSE message END,
              result = $4::jsonb, ended_at = coalesce(ended_at, now())
        WHERE id = $1`,
      [plan.sessionId, ending.state, message, result === null ? null : JSON.stringify(result)],
    );
    if (closeError)
      deps.logger.warn({ err: closeError, sessionId: plan.sessionId }, 'diagnostics: output not all stored');
    this.progress(ending.state, message, result);
    deps.streams.release(plan.sessionId);
  }

  private progress(
    state: DiagnosticState,
    message: string,
    result: PingResult | TracerouteResult | null = null,
  ): void {
    this.deps.streams.progress({
      sessionId: this.plan.sessionId,
      state,
      bytes: this.writer?.bytes ?? 0,
      message,
      result,
    });
  }
}
