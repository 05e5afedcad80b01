import type pg from 'pg';
import { ident } from './catalogue.js';

interface ForeignKey {
  child: string;
  parent: string;
  child_columns: string[];
  parent_columns: string[];
}

/**
 * After a restore of some parts only (foreign-key checks were off): the first foreign key, into or
 * out of the restored tables, that some row now breaks — `child → parent` — or undefined when every
 * reference holds. One anti-join per key, with the keys' own NULL rule (MATCH SIMPLE).
 */
export async function brokenReference(
  client: pg.ClientBase,
  restored: string[],
): Promise<string | undefined> {
  const { rows: keys } = await client.query<ForeignKey>(
    `SELECT cl.relname AS child, pl.relname AS parent,
            array(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY k(n, i)
                    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.i)::text[] AS child_columns,
            array(SELECT a.attname FROM unnest(c.confkey) WITH ORDINALITY k(n, i)
                    JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.i)::text[] AS parent_columns
       FROM pg_constraint c
       JOIN pg_class cl ON cl.oid = c.conrelid
       JOIN pg_class pl ON pl.oid = c.confrelid
       JOIN pg_namespace n ON n.oid = cl.relnamespace AND n.nspname = current_schema()
      WHERE c.contype = 'f' AND (cl.relname = ANY($1) OR pl.relname = ANY($1))
      ORDER BY cl.relname, c.conname`,
    [restored],
  );
  for (const key of keys) {
    const present = key.child_columns.map((column) => `t.${ident(column)} IS NOT NULL`).join(' AND ');
    const joined = key.child_columns
      .map((column, index) => `p.${ident(key.parent_columns[index] ?? '')} = t.${ident(column)}`)
      .join(' AND ');
    const { rows } = await client.query(
      `SELECT 1 FROM ${ident(key.child)} t
        WHERE ${present} AND NOT EXISTS (SELECT 1 FROM ${ident(key.parent)} p WHERE ${joined}) LIMIT 1`,
    );
    if (rows.length) return `${key.child} → ${key.parent}`;
  }
  return undefined;
}

/**
 * Drops the indexes of `tables` that no constraint owns and answers the statements that build them
 * again: a table refilled whole is faster to index once, sorted, than row by row (inside the
 * restore's transaction, so a failure brings them back with the rest).
 */
export async function dropPlainIndexes(client: pg.ClientBase, tables: string[]): Promise<string[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT quote_ident(ic.relname) AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
       JOIN pg_class c ON c.oid = i.indrelid
       JOIN pg_class ic ON ic.oid = i.indexrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
      WHERE c.relname = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
    [tables],
  );
  if (rows.length) await client.query(`DROP INDEX ${rows.map((row) => row.name).join(', ')}`);
  return rows.map((row) => row.definition);
}
