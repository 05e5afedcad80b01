import type { BackupContent } from '@phonefleet/sdk';
import type pg from 'pg';
import type { AnyModule } from '../../module.js';

/** What the backup never holds: migrations are the archive's header, not its data. */
const ALWAYS_UNTOUCHED = ['schema_migrations'];

/** Where each table goes, from the modules' `backup` declarations (docs/backup.md "Content"). */
export interface TablePlan {
  partOf: Map<string, BackupContent>;
  transient: Set<string>;
  untouched: Set<string>;
}

export function tablePlan(modules: readonly AnyModule[]): TablePlan {
  const partOf = new Map<string, BackupContent>();
  const transient = new Set<string>();
  const untouched = new Set<string>(ALWAYS_UNTOUCHED);
  for (const module of modules) {
    const declared = module.backup ?? {};
    for (const part of ['devices', 'firmware', 'logs'] as const) {
      for (const table of declared[part] ?? []) partOf.set(table, part);
    }
    for (const table of declared.transient ?? []) transient.add(table);
    for (const table of declared.untouched ?? []) untouched.add(table);
  }
  return { partOf, transient, untouched };
}

export interface CatalogueTable {
  name: string;
  part: BackupContent;
  /** Columns of type oid: the large objects a row names go with the row. */
  oidColumns: string[];
  /** Sequences the table owns (serial and identity columns). */
  sequences: string[];
}

export interface Catalogue {
  /** Tables a backup of every part holds, in name order. */
  tables: CatalogueTable[];
  /** Tables a restore empties and never fills. */
  transient: string[];
}

/**
 * Every table of the console's schema, found in the catalogue (never listed by hand), with the
 * content part it belongs to; a table no module names is configuration data.
 */
export async function readCatalogue(client: pg.ClientBase, plan: TablePlan): Promise<Catalogue> {
  const { rows: tables } = await client.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`,
  );
  const { rows: oidColumns } = await client.query<{ table: string; column: string }>(
    `SELECT table_name AS table, column_name AS column FROM information_schema.columns
      WHERE table_schema = current_schema() AND data_type = 'oid' ORDER BY table_name, ordinal_position`,
  );
  const { rows: sequences } = await client.query<{ table: string; sequence: string }>(
    `SELECT t.relname AS table, s.relname AS sequence
       FROM pg_class s
       JOIN pg_namespace n ON n.oid = s.relnamespace AND n.nspname = current_schema()
       JOIN pg_depend d ON d.objid = s.oid AND d.classid = 'pg_class'::regclass
                       AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
       JOIN pg_class t ON t.oid = d.refobjid
      WHERE s.relkind = 'S'
      ORDER BY s.relname`,
  );
  const result: Catalogue = { tables: [], transient: [] };
  for (const { name } of tables) {
    if (plan.untouched.has(name)) continue;
    if (plan.transient.has(name)) {
      result.transient.push(name);
      continue;
    }
    result.tables.push({
      name,
      part: plan.partOf.get(name) ?? 'configuration',
      oidColumns: oidColumns.filter((column) => column.table === name).map((column) => column.column),
      sequences: sequences.filter((sequence) => sequence.table === name).map((sequence) => sequence.sequence),
    });
  }
  return result;
}

/** A name from the catalogue, quoted for SQL. */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
