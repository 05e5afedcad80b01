import { createHash, type Hash } from 'node:crypto';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { BACKUP_CONTENTS, type MessageKey } from '@phonefleet/sdk';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import tar from 'tar-stream';
import { ident, readCatalogue, type TablePlan } from './catalogue.js';
import { brokenReference, dropPlainIndexes } from './references.js';
import {
  ARCHIVE_FORMAT,
  type ArchiveHeader,
  type ArchiveManifest,
  HEADER_ENTRY,
  MANIFEST_ENTRY,
  PIECE_BYTES,
} from './snapshot.js';

/** A restore refused with the message a user reads; nothing was changed. */
export class RestoreRefused extends Error {
  constructor(
    readonly key: MessageKey,
    detail?: string,
  ) {
    super(detail ? `${key}: ${detail}` : key);
  }
}

/** Channels told after a restore commits: every instance drops what it cached of the old data. */
export const RESTORED_CHANNELS = ['phonefleet_config', 'phonefleet_restored'];

const TABLE_PIECE = /^tables\/([a-z_][a-z0-9_]*)\/(\d{6})\.copy$/;
const OBJECT_PIECE = /^large-objects\/(\d+)\/(\d{6})$/;
/** header.json and manifest.json are small; anything larger is not one of ours. */
const MAX_JSON_BYTES = 64 * 1024 * 1024;

interface RestoreHooks {
  signal: AbortSignal;
  onStep(step: string): void;
  /** Checked before anything changes: the archive may be restored here (migrations, format). */
  accept(header: ArchiveHeader): void;
  /** Runs just before COMMIT (the operation stops being cancellable); may still refuse. */
  beforeCommit(): Promise<void>;
}

/**
 * Restores an archive written by `writeSnapshot` in one transaction (docs/backup.md "Restore"): the
 * header is checked first, then the tables it holds are emptied and refilled with COPY FROM STDIN,
 * the large objects recreated with their oids, the sequences set, the transient tables (sessions)
 * emptied; every entry's SHA-256 is checked against the manifest, the last entry, before COMMIT.
 * A full restore drops the tables' plain indexes and builds them once the rows are in.
 * Triggers (alarms, rollups, cache notices) and foreign-key checks are off for the transaction
 * (`session_replication_role = replica`): the rows are exactly those of a consistent snapshot. Any
 * failure — a damaged or cut-off archive, a wrong checksum, a cancel — rolls back: the old data stays.
 */
export async function restoreSnapshot(
  client: pg.ClientBase,
  plan: TablePlan,
  source: Readable,
  hooks: RestoreHooks,
): Promise<ArchiveHeader> {
  const gunzip = createGunzip();
  const extract = tar.extract();
  const fail = (error: Error) => extract.destroy(error);
  source.once('error', fail);
  gunzip.once('error', fail);
  source.pipe(gunzip).pipe(extract);
  const abort = () => extract.destroy(hooks.signal.reason as Error);
  hooks.signal.addEventListener('abort', abort, { once: true });
  let inTransaction = false;
  try {
    const entries = extract[Symbol.asyncIterator]();
    const first = await entries.next();
    if (first.done || first.value.header.name !== HEADER_ENTRY)
      throw new RestoreRefused('backupArchiveDamaged');
    const headerHash = createHash('sha256');
    const header = parseHeader(await readSmall(first.value, headerHash));
    const seen = new Map<string, { size: number; sha256: string }>([
      [HEADER_ENTRY, { size: first.value.header.size ?? 0, sha256: headerHash.digest('hex') }],
    ]);
    hooks.accept(header);

    await client.query('BEGIN');
    inTransaction = true;
    try {
      await client.query('SET LOCAL session_replication_role = replica');
    } catch {
      throw new RestoreRefused('backupDatabaseRole');
    }
    const catalogue = await readCatalogue(client, plan);
    const known = new Map(catalogue.tables.map((table) => [table.name, table]));
    const tables = header.tables.map((entry) => {
      const table = known.get(entry.name);
      if (!table || table.part !== entry.part) throw new RestoreRefused('backupArchiveDamaged');
      return table;
    });
    hooks.onStep('clearing');
    await unlinkObjects(client, tables, header.largeObjects);
    const full = BACKUP_CONTENTS.every((part) => header.content.includes(part));
    const emptied = [...tables.map((table) => table.name), ...catalogue.transient];
    let rebuild: string[] = [];
    if (full) {
      await client.query(`TRUNCATE ${emptied.map(ident).join(', ')}`);
      rebuild = await dropPlainIndexes(client, emptied);
    } else {
      for (const name of emptied) await client.query(`DELETE FROM ${ident(name)}`);
    }

    let copying: { table: string; stream: Writable } | undefined;
    const endCopy = async () => {
      if (!copying) return;
      copying.stream.end();
      await finished(copying.stream);
      copying = undefined;
    };
    const created = new Set<number>();
    const allowedTables = new Set(header.tables.map((table) => table.name));
    const allowedObjects = new Set(header.largeObjects);
    let manifest: ArchiveManifest | undefined;
    for (let next = await entries.next(); !next.done; next = await entries.next()) {
      const entry = next.value;
      const name = entry.header.name;
      const hash = createHash('sha256');
      if (manifest) throw new RestoreRefused('backupArchiveDamaged');
      if (name === MANIFEST_ENTRY) {
        await endCopy();
        manifest = JSON.parse((await readSmall(entry, hash)).toString('utf8')) as ArchiveManifest;
        continue;
      }
      const table = TABLE_PIECE.exec(name);
      const object = OBJECT_PIECE.exec(name);
      if (table?.[1] && allowedTables.has(table[1])) {
        if (copying?.table !== table[1]) {
          await endCopy();
          hooks.onStep(`table ${table[1]}`);
          copying = { table: table[1], stream: client.query(copyFrom(`COPY ${ident(table[1])} FROM STDIN`)) };
        }
        await pour(entry, hash, copying.stream);
      } else if (object?.[1] && allowedObjects.has(Number(object[1]))) {
        await endCopy();
        const oid = Number(object[1]);
        if (!created.has(oid)) {
          hooks.onStep('large objects');
          await client.query('SELECT lo_create($1::oid)', [oid]);
          created.add(oid);
        }
        const data = await readSmall(entry, hash, PIECE_BYTES);
        await client.query('SELECT lo_put($1::oid, $2::bigint, $3::bytea)', [
          oid,
          Number(object[2]) * PIECE_BYTES,
          data,
        ]);
      } else {
        throw new RestoreRefused('backupArchiveDamaged');
      }
      seen.set(name, { size: entry.header.size ?? 0, sha256: hash.digest('hex') });
    }
    if (!manifest || !matches(manifest, seen)) throw new RestoreRefused('backupArchiveDamaged');
    // Empty large objects have no piece.
    for (const oid of header.largeObjects) {
      if (!created.has(oid)) await client.query('SELECT lo_create($1::oid)', [oid]);
    }
    await setSequences(client, catalogue.tables, header.sequences);
    if (rebuild.length) {
      hooks.onStep('indexes');
      await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
      for (const statement of rebuild) await client.query(statement);
    }
    if (!full) {
      hooks.onStep('references');
      const broken = await brokenReference(client, emptied);
      if (broken) throw new RestoreRefused('backupPartsMismatch', broken);
    }
    await hooks.beforeCommit();
    for (const channel of RESTORED_CHANNELS)
      await client.query(`SELECT pg_notify($1, 'restored')`, [channel]);
    await client.query('COMMIT');
    inTransaction = false;
    return header;
  } catch (error) {
    if (inTransaction) await client.query('ROLLBACK').catch(() => undefined);
    if (error instanceof RestoreRefused || hooks.signal.aborted)
      throw hooks.signal.aborted ? hooks.signal.reason : error;
    const code = (error as { code?: string }).code;
    // A cut-off or garbled archive shows up as gzip, tar or COPY errors: all say the file is damaged.
    if (!code || code.startsWith('Z_') || code === 'ERR_STREAM_PREMATURE_CLOSE' || /^(22|23|42)/.test(code))
      throw Object.assign(new RestoreRefused('backupArchiveDamaged'), { cause: error });
    throw error;
  } finally {
    hooks.signal.removeEventListener('abort', abort);
    source.unpipe();
    source.destroy();
    gunzip.destroy();
  }
}

function parseHeader(bytes: Buffer): ArchiveHeader {
  let header: ArchiveHeader;
  try {
    header = JSON.parse(bytes.toString('utf8')) as ArchiveHeader;
  } catch {
    throw new RestoreRefused('backupArchiveDamaged');
  }
  if (
    header.format !== ARCHIVE_FORMAT ||
    !Array.isArray(header.migrations) ||
    !Array.isArray(header.tables) ||
    !Array.isArray(header.largeObjects) ||
    !Array.isArray(header.sequences) ||
    !Array.isArray(header.content)
  )
    throw new RestoreRefused('backupArchiveDamaged');
  return header;
}

/** An entry read whole (the header, the manifest, one large-object piece), refused above `limit`. */
async function readSmall(entry: AsyncIterable<unknown>, hash: Hash, limit = MAX_JSON_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const piece of entry) {
    const chunk = piece as Buffer;
    size += chunk.length;
    if (size > limit) throw new RestoreRefused('backupArchiveDamaged');
    hash.update(chunk);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/** Streams one piece of a table into its COPY, minding the COPY's backpressure. */
async function pour(entry: AsyncIterable<unknown>, hash: Hash, copy: Writable): Promise<void> {
  for await (const piece of entry) {
    const chunk = piece as Buffer;
    hash.update(chunk);
    if (!copy.write(chunk)) await once(copy, 'drain');
  }
}

function matches(manifest: ArchiveManifest, seen: Map<string, { size: number; sha256: string }>): boolean {
  if (!Array.isArray(manifest.entries) || manifest.entries.length !== seen.size) return false;
  return manifest.entries.every((entry) => {
    const found = seen.get(entry.name);
    return found !== undefined && found.size === entry.size && found.sha256 === entry.sha256;
  });
}

/** Drops the large objects the restored tables name now, and any that holds an oid the archive brings. */
async function unlinkObjects(
  client: pg.ClientBase,
  tables: { name: string; oidColumns: string[] }[],
  incoming: number[],
): Promise<void> {
  const selects = tables.flatMap((table) =>
    table.oidColumns.map((column) => `SELECT ${ident(column)} AS oid FROM ${ident(table.name)}`),
  );
  selects.push('SELECT unnest($1::oid[]) AS oid');
  await client.query(
    `SELECT lo_unlink(m.oid) FROM pg_largeobject_metadata m
      WHERE m.oid IN (${selects.join(' UNION ')})`,
    [incoming],
  );
}

async function setSequences(
  client: pg.ClientBase,
  tables: { sequences: string[] }[],
  sequences: ArchiveHeader['sequences'],
): Promise<void> {
  const known = new Set(tables.flatMap((table) => table.sequences));
  for (const sequence of sequences) {
    if (!known.has(sequence.name) || !/^\d+$/.test(sequence.lastValue))
      throw new RestoreRefused('backupArchiveDamaged');
    // setval is not undone by a rollback: a sequence is only ever moved up, so a restore that fails
    // after this never leaves one below ids that exist. A higher value than the archive's is a gap.
    await client.query(
      `SELECT setval($1::regclass, $2::bigint, $3::boolean) FROM ${ident(sequence.name)}
        WHERE last_value < $2::bigint OR (last_value = $2::bigint AND NOT is_called)`,
      [ident(sequence.name), sequence.lastValue, sequence.isCalled],
    );
  }
}
