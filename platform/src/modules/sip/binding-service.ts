import {
  type AccountOption,
  type BindingConflict,
  type DeviceLines,
  ErrorCode,
  MAX_LINES,
  macWithColons,
} from '@phonefleet/sdk';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { DriverRegistry } from '../extensions/driver-registry.js';
import { escapeLike } from '../sites/fleet-common.js';
import type { TenantScope } from '../tenancy/scope.js';
import { refreshAccountStatusSql } from './binding-sql.js';
import type { Assignment } from './schemas.js';

/** At most this many conflicts are named in a refusal (the confirmation lists them). */
const CONFLICTS_NAMED = 100;

interface Checked {
  device_id: string;
  line: number;
  account_id: string;
  device_found: boolean;
  account_found: boolean;
  model: string | null;
  inside: boolean;
  bound_device: string | null;
  bound_line: number | null;
  bound_mac: string | null;
  user_name: string | null;
}

/**
 * Binds accounts to device lines (`/device/accountAssign…`), set-based: a bulk call of any size
 * is a handful of statements. A line is 1..the model's accounts; an account is on one line of one
 * device, in its site subtree and its server's; moving an account bound elsewhere needs `force`
 * (spec §8 "duplicate account binding").
 */
export class BindingService {
  private readonly db: Database;
  private readonly driverRegistry: DriverRegistry;

  constructor({ db, driverRegistry }: { db: Database; driverRegistry: DriverRegistry }) {
    this.db = db;
    this.driverRegistry = driverRegistry;
  }

  private maxLines(model: string): number {
    return this.driverRegistry.model(model)?.model.capabilities.accounts ?? MAX_LINES;
  }

  async assign(scope: TenantScope, assignments: Assignment[], force: boolean): Promise<{ bound: number }> {
    const accounts = new Set<number>();
    const lines = new Set<string>();
    for (const a of assignments) {
      if (accounts.has(a.accountId)) throw AppError.invalid('sipAccountBoundTwice', String(a.accountId));
      accounts.add(a.accountId);
      const line = `${a.deviceId}:${a.line}`;
      if (lines.has(line)) throw AppError.invalid('sipLineAssignedTwice', line);
      lines.add(line);
    }
    const values = [
      assignments.map((a) => a.deviceId),
      assignments.map((a) => a.line),
      assignments.map((a) => a.accountId),
    ];
    return this.db.transaction(async (transaction) => {
      const bind: unknown[] = [...values];
      const checked = await this.db.query<Checked>(
        `WITH v AS (SELECT * FROM unnest($1::bigint[], $2::smallint[], $3::bigint[]) AS v(device_id, line, account_id))
         SELECT v.device_id, v.line, v.account_id, d.id IS NOT NULL AS device_found, a.id IS NOT NULL AS account_found,
                d.model, coalesce(d.org_id = a.org_id AND ds.path LIKE sa.path || '%' AND ds.path LIKE sv.path || '%',
                                  false) AS inside,
                b.device_id AS bound_device, b.line AS bound_line, bd.mac AS bound_mac, a.user_name
           FROM v
           LEFT JOIN devices d ON d.id = v.device_id AND ${scope.devicesCondition('d', bind)}
           LEFT JOIN sites ds ON ds.id = d.site_id
           LEFT JOIN sip_accounts a ON a.id = v.account_id AND ${scope.condition('a.org_id', bind)}
                                    AND ${scope.siteCondition('a.site_id', bind)}
           LEFT JOIN sites sa ON sa.id = a.site_id
           LEFT JOIN sip_servers sr ON sr.id = a.server_id
           LEFT JOIN sites sv ON sv.id = sr.site_id
           LEFT JOIN sip_bindings b ON b.account_id = a.id
           LEFT JOIN devices bd ON bd.id = b.device_id`,
        bind,
        transaction,
      );
      if (checked.some((row) => !row.device_found || !row.account_found)) throw AppError.notFound();
      const outside = checked.find((row) => !row.inside);
      if (outside) throw AppError.invalid('sipAccountOutsideDeviceSite', String(outside.account_id));
      const beyond = checked.find((row) => row.line > this.maxLines(row.model ?? ''));
      if (beyond) throw AppError.invalid('sipLineOutOfRange', `${beyond.device_id}:${beyond.line}`);
      const conflicts: BindingConflict[] = checked
        .filter(
          (row) =>
            row.bound_device !== null && (row.bound_device !== row.device_id || row.bound_line !== row.line),
        )
        .map((row) => ({
          accountId: Number(row.account_id),
          userName: row.user_name ?? '',
          macAddress: macWithColons(row.bound_mac ?? ''),
          line: row.bound_line ?? 0,
        }));
      if (conflicts.length && !force) {
        throw new AppError(
          ErrorCode.conflict,
          'sipAccountAlreadyBound',
          409,
          JSON.stringify(conflicts.slice(0, CONFLICTS_NAMED)),
        );
      }
      // Lines taken by another account and accounts bound elsewhere are freed; an identical
      // binding stays as it is, with its registration.
      const freed = await this.db.query<{ device_id: string }>(
        `DELETE FROM sip_bindings b
          USING unnest($1::bigint[], $2::smallint[], $3::bigint[]) AS v(device_id, line, account_id)
          WHERE (b.account_id = v.account_id OR (b.device_id = v.device_id AND b.line = v.line))
            AND NOT (b.account_id = v.account_id AND b.device_id = v.device_id AND b.line = v.line)
         RETURNING b.device_id`,
        values,
        transaction,
      );
      const inserted = await this.db.query<{ device_id: string }>(
        `INSERT INTO sip_bindings (device_id, line, account_id)
         SELECT * FROM unnest($1::bigint[], $2::smallint[], $3::bigint[]) ON CONFLICT DO NOTHING
         RETURNING device_id`,
        values,
        transaction,
      );
      await this.db.execute(
        refreshAccountStatusSql('SELECT DISTINCT unnest($1::bigint[] || $2::bigint[]) AS id'),
        [values[0], freed.map((row) => row.device_id)],
        transaction,
      );
      // Bound now: the new bindings and those that were already in place (a line a concurrent call
      // took meanwhile is not, and is not counted).
      const unchanged = checked.filter(
        (row) => row.bound_device === row.device_id && row.bound_line === row.line,
      ).length;
      return { bound: inserted.length + unchanged };
    });
  }

  async unassign(
    scope: TenantScope,
    bindings: { deviceId: number; line: number }[],
  ): Promise<{ unbound: number }> {
    return this.db.transaction(async (transaction) => {
      const bind: unknown[] = [bindings.map((b) => b.deviceId), bindings.map((b) => b.line)];
      const removed = await this.db.query<{ device_id: string }>(
        `DELETE FROM sip_bindings b USING unnest($1::bigint[], $2::smallint[]) AS v(device_id, line), devices d
          WHERE b.device_id = v.device_id AND b.line = v.line AND d.id = b.device_id
            AND ${scope.devicesCondition('d', bind)}
         RETURNING b.device_id`,
        bind,
        transaction,
      );
      if (removed.length)
        await this.db.execute(
          refreshAccountStatusSql('SELECT DISTINCT unnest($1::bigint[]) AS id'),
          [removed.map((row) => row.device_id)],
          transaction,
        );
      return { unbound: removed.length };
    });
  }

  /** A device's lines and how many its model holds. */
  async lines(scope: TenantScope, deviceId: number): Promise<DeviceLines> {
    const [device] = await scope.query<{
      id: string;
      mac: string;
      model: string;
      account_status: number;
      lines: {
        line: number;
        account_id: number;
        label_name: string;
        user_name: string;
        register_name: string;
        server_name: string;
        status: number;
        failure: string | null;
        reported_at: string | null;
      }[];
    }>(
      this.db,
      `SELECT d.id, d.mac, d.model, d.account_status,
              coalesce((SELECT json_agg(json_build_object(
                  'line', b.line, 'account_id', a.id, 'label_name', a.label_name, 'user_name', a.user_name,
                  'register_name', a.register_name, 'server_name', v.name, 'status', b.status,
                  'failure', b.failure, 'reported_at', b.reported_at) ORDER BY b.line)
                 FROM sip_bindings b JOIN sip_accounts a ON a.id = b.account_id JOIN sip_servers v ON v.id = a.server_id
                WHERE b.device_id = d.id), '[]') AS lines
         FROM devices d WHERE d.id = $1 AND {devices:d}`,
      [deviceId],
    );
    if (!device) throw AppError.notFound();
    return {
      deviceId: Number(device.id),
      macAddress: macWithColons(device.mac),
      model: device.model,
      maxLines: this.maxLines(device.model),
      accountStatus: device.account_status,
      lines: device.lines.map((line) => ({
        line: line.line,
        accountId: Number(line.account_id),
        labelName: line.label_name,
        userName: line.user_name,
        registerName: line.register_name,
        serverName: line.server_name,
        status: line.status,
        failure: line.failure,
        reportedAt: line.reported_at ? new Date(line.reported_at).toISOString() : null,
      })),
    };
  }

  /** Accounts a picker offers: those of the device's organization usable at its site (or all in scope). */
  async options(
    scope: TenantScope,
    query: { deviceId?: number | undefined; keywords: string },
  ): Promise<AccountOption[]> {
    const bind: unknown[] = [];
    const where = ['{scope:a.org_id} AND {sites:a.site_id}'];
    if (query.deviceId) {
      bind.push(query.deviceId);
      where.push(`EXISTS (SELECT 1 FROM devices dv JOIN sites ds ON ds.id = dv.site_id
                           WHERE dv.id = $${bind.length} AND {devices:dv} AND dv.org_id = a.org_id
                             AND ds.path LIKE s.path || '%' AND ds.path LIKE sv.path || '%')`);
    }
    if (query.keywords) {
      bind.push(`%${escapeLike(query.keywords.toLowerCase())}%`);
      where.push(`(lower(a.user_name) LIKE $${bind.length} OR lower(a.label_name) LIKE $${bind.length})`);
    }
    const rows = await scope.query<{
      id: string;
      label_name: string;
      user_name: string;
      server_name: string;
      site_name: string;
      mac: string | null;
      line: number | null;
    }>(
      this.db,
      `SELECT a.id, a.label_name, a.user_name, v.name AS server_name, s.name AS site_name, d.mac, b.line
         FROM sip_accounts a JOIN sip_servers v ON v.id = a.server_id JOIN sites s ON s.id = a.site_id
         JOIN sites sv ON sv.id = v.site_id
         LEFT JOIN sip_bindings b ON b.account_id = a.id LEFT JOIN devices d ON d.id = b.device_id
        WHERE ${where.join(' AND ')}
        ORDER BY (b.account_id IS NOT NULL), lower(a.user_name), a.id LIMIT 200`,
      bind,
    );
    return rows.map((row) => ({
      id: Number(row.id),
      labelName: row.label_name,
      userName: row.user_name,
      serverName: row.server_name,
      siteName: row.site_name,
      bound: row.mac === null ? null : { macAddress: macWithColons(row.mac), line: row.line ?? 0 },
    }));
  }
}
