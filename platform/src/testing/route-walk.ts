import { expect } from 'vitest';
import type { Database } from '../db/database.js';
import type { ApiClient } from './test-console.js';

/** One way a request can name rows: ids of each kind, put in the query and in the body. */
export type Naming = Record<string, string | number | number[]>;

/**
 * Calls every route of the OpenAPI document as `attacker`, once per naming, with the naming in the
 * query and (for writes) in an empty and a filled body, and checks that no answer contains any of
 * `markers` (texts only the victim's rows hold). Answers how many calls it made.
 */
export async function walkEveryRoute(
  baseUrl: string,
  attacker: ApiClient,
  namings: Naming[],
  markers: string[],
): Promise<number> {
  const document = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  let called = 0;
  let routes = 0;
  for (const [path, operations] of Object.entries(document.paths)) {
    routes += Object.keys(operations).length;
    for (const method of Object.keys(operations)) {
      if (path === '/api/user/logout') continue;
      for (const naming of namings) {
        const query = `?${new URLSearchParams(Object.entries(naming).map(([k, v]) => [k, String(v)]))}`;
        const concrete = path
          .replace(/^\/api/, '')
          .replace('{relation}', String(naming.relationName))
          .replace('{relationId}', String(naming.relationId))
          .replace('{type}', 'activate')
          .replace(/\{[A-Za-z]+\}/g, 'H2P');
        for (const body of method === 'get' ? [undefined] : [{}, { ...naming, password: 'Takeover#2026' }]) {
          const reply = await attacker.call(method.toUpperCase(), `${concrete}${query}`, body);
          const text = JSON.stringify(reply);
          for (const marker of markers) {
            expect(text, `${method} ${path} ${JSON.stringify(naming)}`).not.toContain(marker);
          }
          called += 1;
        }
      }
    }
  }
  console.log(`route walk: ${routes} routes, ${namings.length} namings, ${called} requests`);
  return called;
}

/**
 * Every row of one organization: rows of every table with an `org_id` and rows of every table with a
 * `device_id` that point at its devices (memberships, results, logs), and the phone credentials of
 * every organization. `except` leaves tables out (a walk's own sign-in writes sessions).
 */
export async function tenantSnapshot(db: Database, orgId: number, except: string[] = []): Promise<string> {
  const tables = await db.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name IN ('org_id', 'device_id')
      ORDER BY table_name, column_name`,
  );
  const parts: string[] = [];
  for (const { table_name: table, column_name: column } of tables) {
    if (except.includes(table)) continue;
    const condition =
      column === 'org_id' ? 't.org_id = $1' : 't.device_id IN (SELECT id FROM devices WHERE org_id = $1)';
    const [row] = await db.query<{ rows: unknown }>(
      `SELECT json_agg(t ORDER BY t::text) AS rows FROM ${table} t WHERE ${condition}`,
      [orgId],
    );
    parts.push(`${table}.${column}: ${JSON.stringify(row?.rows ?? null)}`);
  }
  const [orgs] = await db.query<{ rows: unknown }>(
    `SELECT json_agg(o ORDER BY id) AS rows
       FROM (SELECT id, name, status, channel_authorized, prov_ha1, prov_allow_cidrs FROM orgs) o`,
  );
  parts.push(JSON.stringify(orgs?.rows));
  return parts.join('\n');
}
