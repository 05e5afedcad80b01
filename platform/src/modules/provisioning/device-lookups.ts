import { isIP } from 'node:net';
import type { Database } from '../../db/database.js';
import type { Layer } from '../configuration/configuration-service.js';
import { layeredDeviceSql, layerRowsSql } from '../configuration/layer-rows.js';
import { type PendingDownload, pendingDownloadsSql } from '../device-downloads/download-sql.js';
import { type GateRow, gateColumns } from '../device-gate/device-gate.js';
import { boundLinesSql } from '../sip/binding-sql.js';
import type { BoundLine } from '../sip/line-values.js';

/** Everything a phone's file needs: the device, what the gate judges it by, its layers, lines and downloads. */
export interface DeviceRow extends GateRow {
  id: string;
  org_id: string;
  model: string;
  layers: { relation: Layer['relation']; relationId: number; pushed: Record<string, string> }[] | null;
  lines: BoundLine[] | null;
  /** Files a push offers it now (firmware, resources): never cached, they end with the push. */
  downloads: PendingDownload[] | null;
}

/**
 * The devices of several fetches in one statement: `$1` their MACs, `$2` the addresses they asked
 * from, a row per pair that names a device (`n` its place in the arrays). Planned once per
 * connection (a generic plan: one index probe per MAC and per level of each device's ancestry).
 */
export const DEVICES_SQL = `SELECT a.n, d.id, d.org_id, d.model, ${gateColumns('d', 'a.ip')},
         (SELECT json_agg(json_build_object('relation', layer.relation, 'relationId', layer.relation_id,
                                            'pushed', layer.pushed) ORDER BY layer.rank, layer.depth)
            FROM ${layerRowsSql('d')} layer) AS layers,
         ${boundLinesSql('d.id')} AS lines,
         ${pendingDownloadsSql('d.id')} AS downloads
    FROM unnest($1::bpchar[], $2::inet[]) WITH ORDINALITY AS a(mac, ip, n)
    CROSS JOIN LATERAL ${layeredDeviceSql('dv.mac = a.mac')}`;

/** The columns of `DEVICES_SQL` after `n`, in its order. */
const COLUMNS = [
  'id',
  'org_id',
  'model',
  'mac',
  'device_ha1',
  'allowed',
  'credentials',
  'frozen',
  'layers',
  'lines',
  'downloads',
] as const;

/** At most this many fetches per statement: a statement costs ~80 µs of PostgreSQL per device. */
const MOST_PER_STATEMENT = 64;
/**
 * One statement at a time: while it is in PostgreSQL the console serves the answers of the last and
 * gathers the next. Two at once made smaller statements: the console 237 µs and PostgreSQL 168 µs of
 * CPU per fetch against 130 and 82 with one, 2,925 against 5,322 files/s (one quiet run each).
 */
const STATEMENTS_AT_ONCE = 1;

interface Asked {
  mac: string;
  ip: string;
  resolve: (row: DeviceRow | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Device lookups for provisioning, gathered: the fetches that arrive while earlier lookups are in
 * PostgreSQL go together in the next statement. A lone fetch goes at once (in the same turn of the
 * event loop as its request); under load a statement carries tens of fetches, which costs the
 * console and PostgreSQL about a quarter of the CPU per fetch that one statement each did
 * (docs/performance.md "Provisioning").
 */
export class DeviceLookups {
  private waiting: Asked[] = [];
  private running = 0;
  private scheduled = false;
  /** The same phone asking twice at once waits for one answer. */
  private readonly asking = new Map<string, Promise<DeviceRow | undefined>>();

  constructor(private readonly db: Database) {}

  find(mac: string, ip: string): Promise<DeviceRow | undefined> {
    // The statement casts every address at once: one that is not an address must not fail the others.
    if (isIP(ip) === 0) return Promise.reject(new Error(`not an IP address: ${ip}`));
    const key = `${mac}|${ip}`;
    const already = this.asking.get(key);
    if (already) return already;
    const answer: Promise<DeviceRow | undefined> = new Promise<DeviceRow | undefined>((resolve, reject) => {
      this.waiting.push({ mac, ip, resolve, reject });
    }).finally(() => {
      if (this.asking.get(key) === answer) this.asking.delete(key);
    });
    this.asking.set(key, answer);
    // The requests read in this turn of the event loop go together.
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.send();
      });
    }
    return answer;
  }

  /**
   * A change that can alter a file was announced: a fetch from now on must not share the answer of
   * a statement that may have begun before it (the caller would keep that answer as current).
   */
  changed(): void {
    this.asking.clear();
  }

  private send(): void {
    while (this.running < STATEMENTS_AT_ONCE && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, MOST_PER_STATEMENT);
      this.running += 1;
      void this.ask(batch).finally(() => {
        this.running -= 1;
        this.send();
      });
    }
  }

  private async ask(batch: Asked[]): Promise<void> {
    try {
      const rows = await this.db.rows(
        DEVICES_SQL,
        [batch.map((asked) => asked.mac), batch.map((asked) => asked.ip)],
        'provisioning-devices',
      );
      const found = new Map<number, DeviceRow>();
      for (const [n, ...values] of rows) {
        const row = Object.fromEntries(COLUMNS.map((column, index) => [column, values[index]]));
        found.set(Number(n), row as unknown as DeviceRow);
      }
      for (const [index, asked] of batch.entries()) asked.resolve(found.get(index + 1));
    } catch (error) {
      for (const asked of batch) asked.reject(error);
    }
  }
}
