import { DIAGNOSTIC_CAPTURE_LIMIT_BYTES, type DiagnosticState } from '@phonefleet/sdk';
import type { Database } from '../../db/database.js';

/** Output gathered before it is written: one statement per quarter second or per MiB, whichever first. */
const FLUSH_MS = 250;
const FLUSH_BYTES = 1024 * 1024;
/** Output waiting to be written beyond which the phone is paused (SSH flow control) until it is. */
export const WRITE_BACKLOG_BYTES = 1024 * 1024;

/**
 * A session's output streaming into its large object as it arrives. Each write puts the bytes and
 * the new byte count in one statement, so after a crash `bytes` says exactly how much is whole.
 * The same statement is the session's heartbeat and reads its state back: a stop asked on another
 * instance is seen within a flush.
 */
export class CaptureWriter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private written = 0;
  private writing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;
  private failed: unknown;

  constructor(
    private readonly db: Database,
    private readonly sessionId: number,
    private readonly oid: string,
    /** Told the state each write reads back (a stop from elsewhere shows up here). */
    private readonly onState: (state: DiagnosticState) => void,
  ) {
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  /** Bytes accepted so far (written or about to be). */
  get bytes(): number {
    return this.written + this.pendingBytes;
  }

  /** Bytes accepted but not yet written. */
  get backlog(): number {
    return this.pendingBytes;
  }

  /**
   * Takes `chunk`, cut at the capture limit; answers how much it took (less than the chunk once
   * the limit is reached: the session ends there).
   */
  append(chunk: Buffer): number {
    const room = DIAGNOSTIC_CAPTURE_LIMIT_BYTES - this.bytes;
    const taken = room >= chunk.length ? chunk : chunk.subarray(0, Math.max(room, 0));
    if (taken.length > 0) {
      this.pending.push(taken);
      this.pendingBytes += taken.length;
    }
    if (this.pendingBytes >= FLUSH_BYTES) void this.flush();
    return taken.length;
  }

  /** Writes what is pending (or only the heartbeat); resolves when it is stored. */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.write());
    return this.writing;
  }

  /** Writes the rest and stops the heartbeat; throws if a write failed. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
    if (this.failed) throw this.failed;
  }

  private async write(): Promise<void> {
    const chunk = Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    try {
      const row = await this.db.one<{ state: DiagnosticState }>(
        `UPDATE diagnostic_sessions s SET bytes = $2::bigint + length($3::bytea), heartbeat_at = now()
           FROM (SELECT CASE WHEN length($3::bytea) > 0 THEN lo_put($4::oid, $2::bigint, $3::bytea) END) AS w
          WHERE s.id = $1 RETURNING s.state`,
        [this.sessionId, this.written, chunk, this.oid],
      );
      this.written += chunk.length;
      this.failed = undefined;
      if (row) this.onState(row.state);
    } catch (error) {
      // The database is unreachable: the bytes are kept for the next try, within the backlog.
      this.pending.unshift(chunk);
      this.pendingBytes += chunk.length;
      this.failed = error;
    }
  }
}
