import { createHash } from 'node:crypto';
import type { Transaction } from 'sequelize';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import { fileTooLarge } from '../../http/upload.js';
import { ChunkCache } from './chunk-cache.js';

/** Bytes written or read per statement: memory per transfer stays about this size. */
export const CHUNK_BYTES = 1024 * 1024;
/** Bytes per read; the unit of the chunk cache. */
const READ_CHUNK_BYTES = 256 * 1024;
/** What each instance keeps of recently read files: the images a rollout is downloading. */
const CACHE_BYTES = 64 * 1024 * 1024;
/** Unclaimed files older than this are deleted by the sweep. */
const UNCLAIMED_MS = 60 * 60 * 1000;

export interface StoredFile {
  id: number;
  name: string;
  size: number;
  /** Lower-case hex SHA-256 of the bytes, computed while they streamed in. */
  sha256: string;
}

/** What an upload may hold. */
export interface StoreLimits {
  orgId: number;
  name: string;
  maxBytes: number;
}

/**
 * The one place bytes are kept: PostgreSQL large objects, written and read in 1 MiB statements so a
 * file of any size streams through with bounded memory, and held in the database every instance
 * and every backup already has. A write is one transaction: a cut-off or refused upload leaves
 * nothing behind.
 */
export class FileStore {
  private readonly db: Database;
  /** Pieces of large objects by `oid:offset`; a large object's bytes never change once written. */
  private readonly chunks = new ChunkCache(CACHE_BYTES);
  /** Off while the restore notices may be missed (docs/backup.md "After a restore"). */
  private cacheOn = false;

  constructor({ db }: { db: Database }) {
    this.db = db;
    // A restore recreates large objects under their old oids, possibly with other bytes.
    this.db.listen(
      'phonefleet_restored',
      () => this.chunks.clear(),
      (listening) => {
        this.chunks.clear();
        this.cacheOn = listening;
      },
    );
  }

  /** Streams `source` into a new unclaimed file; refuses more than `maxBytes` and an empty file. */
  async write(source: AsyncIterable<Buffer | string>, limits: StoreLimits): Promise<StoredFile> {
    return this.db.transaction(async (transaction) => {
      const [created] = await this.db.query<{ oid: string }>('SELECT lo_create(0) AS oid', [], transaction);
      const oid = created?.oid;
      const hash = createHash('sha256');
      let size = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = async () => {
        if (pendingBytes === 0) return;
        const chunk = Buffer.concat(pending, pendingBytes);
        await this.db.execute(
          'SELECT lo_put($1::oid, $2::bigint, $3::bytea)',
          [oid, size - pendingBytes, chunk],
          transaction,
        );
        pending = [];
        pendingBytes = 0;
      };
      for await (const piece of source) {
        const bytes = typeof piece === 'string' ? Buffer.from(piece) : piece;
        size += bytes.length;
        if (size > limits.maxBytes) throw fileTooLarge(limits.maxBytes);
        hash.update(bytes);
        pending.push(bytes);
        pendingBytes += bytes.length;
        if (pendingBytes >= CHUNK_BYTES) await flush();
      }
      await flush();
      if (size === 0) throw AppError.invalid('uploadMissing');
      const sha256 = hash.digest('hex');
      const [row] = await this.db.query<{ id: string }>(
        `INSERT INTO stored_files (org_id, oid, name, size, sha256) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [limits.orgId, oid, limits.name, size, sha256],
        transaction,
      );
      return { id: Number(row?.id), name: limits.name, size, sha256 };
    });
  }

  async stat(id: number): Promise<StoredFile & { oid: string; orgId: number }> {
    const row = await this.db.one<{
      id: string;
      oid: string;
      org_id: string;
      name: string;
      size: string;
      sha256: string;
    }>('SELECT id, oid, org_id, name, size, sha256 FROM stored_files WHERE id = $1', [id]);
    if (!row) throw AppError.notFound();
    return {
      id: Number(row.id),
      oid: row.oid,
      orgId: Number(row.org_id),
      name: row.name,
      size: Number(row.size),
      sha256: row.sha256,
    };
  }

  /**
   * The bytes `start`..`end` (inclusive) of a file, in 256 KiB pieces read through the instance's
   * chunk cache: a thousand phones downloading one image read it from PostgreSQL about once.
   */
  async *read(oid: string, start: number, end: number): AsyncGenerator<Buffer> {
    for (let first = start - (start % READ_CHUNK_BYTES); first <= end; first += READ_CHUNK_BYTES) {
      const chunk = this.cacheOn
        ? await this.chunks.get(`${oid}:${first}`, () => this.readChunk(oid, first))
        : await this.readChunk(oid, first);
      if (!chunk.length) return;
      const from = Math.max(start - first, 0);
      const to = Math.min(end - first + 1, chunk.length);
      yield from === 0 && to === chunk.length ? chunk : chunk.subarray(from, to);
      if (chunk.length < READ_CHUNK_BYTES) return;
    }
  }

  private async readChunk(oid: string, offset: number): Promise<Buffer> {
    const [row] = await this.db.prepared<{ data: Buffer }>(
      'file-store-chunk',
      'SELECT lo_get($1::oid, $2::bigint, $3::int) AS data',
      [oid, offset, READ_CHUNK_BYTES],
    );
    return row?.data ?? Buffer.alloc(0);
  }

  /** Marks files as used by the record written in `transaction` (the sweep leaves them alone). */
  async claim(ids: number[], orgId: number, transaction: Transaction): Promise<void> {
    const claimed = await this.db.execute(
      'UPDATE stored_files SET claimed = true WHERE id = ANY($1::bigint[]) AND org_id = $2',
      [ids, orgId],
      transaction,
    );
    if (claimed !== new Set(ids).size) throw AppError.invalid('uploadMissing');
  }

  /** Deletes files with their bytes. */
  async remove(ids: number[], transaction?: Transaction): Promise<void> {
    if (!ids.length) return;
    await this.db.query(
      `WITH gone AS (DELETE FROM stored_files WHERE id = ANY($1::bigint[]) RETURNING oid)
       SELECT lo_unlink(oid) FROM gone`,
      [ids],
      transaction,
    );
  }

  /** Deletes a file if no record has claimed it: the upload's request was refused. */
  async discardUnclaimed(id: number): Promise<void> {
    await this.db.query(
      `WITH gone AS (DELETE FROM stored_files WHERE id = $1 AND NOT claimed RETURNING oid)
       SELECT lo_unlink(oid) FROM gone`,
      [id],
    );
  }

  /** Deletes files no record claimed within an hour of their upload. */
  async sweep(): Promise<number> {
    const rows = await this.db.query(
      `WITH gone AS (DELETE FROM stored_files
                      WHERE NOT claimed AND created_at < now() - $1::int * interval '1 millisecond'
                      RETURNING oid)
       SELECT lo_unlink(oid) FROM gone`,
      [UNCLAIMED_MS],
    );
    return rows.length;
  }
}
