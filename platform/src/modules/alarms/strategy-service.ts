import type { StrategyReceiver, StrategyRecord, StrategyRow } from '@phonefleet/sdk';
import type { Transaction } from 'sequelize';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import { distinct, escapeLike, isUniqueViolation } from '../sites/fleet-common.js';
import type { TenantScope } from '../tenancy/scope.js';
import type { StrategyBody, StrategySearch } from './schemas.js';
import { IN_DEVICE_RANGE, WATCHED_ORG } from './strategy-match.js';

interface StrategyRecordRow {
  id: string;
  name: string;
  description: string;
  mode: number;
  frequency: number;
  status: number;
  alarm_types: number[];
  levels: number[];
  device_scope: string;
  site_ids: string[];
  group_ids: string[];
  models: string[];
  device_ids: string[];
  receivers: { id: number; name: string }[];
  device_count: string;
  created_at: Date;
}

const numbers = (values: string[]) => values.map(Number);

/** Strategies are the caller's organisation's own; receivers are its users. */
const OWN = 's.org_id = $1';

const COLUMNS = `s.id, s.name, s.description, s.mode, s.frequency, s.status, s.alarm_types, s.levels,
  s.device_scope, s.site_ids, s.group_ids, s.models, s.device_ids, s.created_at,
  coalesce((SELECT json_agg(json_build_object('id', u.id, 'name', u.user_name) ORDER BY u.user_name)
              FROM alarm_strategy_receivers r JOIN users u ON u.id = r.user_id
             WHERE r.strategy_id = s.id), '[]') AS receivers,
  (SELECT count(*) FROM devices d JOIN orgs ao ON ao.id = d.org_id
    WHERE ${WATCHED_ORG} AND ${IN_DEVICE_RANGE}) AS device_count`;
const FROM = 'FROM alarm_strategies s JOIN orgs so ON so.id = s.org_id';

/** Alarm strategies (docs/alarms.md): list, read, add/edit, switch on/off, delete. */
export class StrategyService {
  private readonly db: Database;

  constructor({ db }: { db: Database }) {
    this.db = db;
  }

  async search(scope: TenantScope, query: StrategySearch): Promise<{ list: StrategyRow[]; total: number }> {
    const bind: unknown[] = [scope.orgId];
    let where = OWN;
    if (query.keywords) {
      bind.push(`%${escapeLike(query.keywords.toLowerCase())}%`);
      where += ` AND lower(s.name) LIKE $${bind.length}`;
    }
    const [rows, count] = await Promise.all([
      this.db.query<StrategyRecordRow>(
        `SELECT ${COLUMNS} ${FROM} WHERE ${where} ORDER BY s.created_at DESC, s.id DESC
          LIMIT ${query.pageSize} OFFSET ${(query.currentPage - 1) * query.pageSize}`,
        bind,
      ),
      this.db.one<{ total: string }>(`SELECT count(*) AS total ${FROM} WHERE ${where}`, bind),
    ]);
    return {
      list: rows.map((row) => ({
        id: Number(row.id),
        name: row.name,
        mode: row.mode,
        frequency: row.frequency,
        status: row.status,
        alarmTypes: row.alarm_types,
        levels: row.levels,
        receivers: row.receivers,
        deviceScope: row.device_scope,
        deviceCount: Number(row.device_count),
        createTime: row.created_at.toISOString(),
      })),
      total: Number(count?.total ?? 0),
    };
  }

  async get(scope: TenantScope, id: number): Promise<StrategyRecord> {
    const row = await this.db.one<StrategyRecordRow>(`SELECT ${COLUMNS} ${FROM} WHERE ${OWN} AND s.id = $2`, [
      scope.orgId,
      id,
    ]);
    if (!row) throw AppError.notFound();
    return {
      id: Number(row.id),
      name: row.name,
      description: row.description,
      receiverIds: row.receivers.map((receiver) => receiver.id),
      alarmTypes: row.alarm_types,
      levels: row.levels,
      mode: row.mode,
      frequency: row.frequency,
      status: row.status,
      deviceScope: row.device_scope,
      siteIds: numbers(row.site_ids),
      groupIds: numbers(row.group_ids),
      models: row.models,
      deviceIds: numbers(row.device_ids),
    };
  }

  /** The caller's organisation's activated and inactivated users, who may receive alarms. */
  async receivers(scope: TenantScope): Promise<StrategyReceiver[]> {
    const rows = await this.db.query<{ id: string; user_name: string; email: string | null }>(
      'SELECT id, user_name, email FROM users WHERE org_id = $1 ORDER BY user_name',
      [scope.orgId],
    );
    return rows.map((row) => ({ id: Number(row.id), name: row.user_name, email: row.email ?? '' }));
  }

  async save(scope: TenantScope, body: StrategyBody): Promise<{ id: number }> {
    const range = {
      siteIds: body.deviceScope === 'site' ? distinct(body.siteIds) : [],
      groupIds: body.deviceScope === 'group' ? distinct(body.groupIds) : [],
      models: body.deviceScope === 'model' ? [...new Set(body.models)] : [],
      deviceIds: body.deviceScope === 'device' ? distinct(body.deviceIds) : [],
    };
    try {
      return await this.db.transaction(async (transaction) => {
        await this.assertVisible(scope, body.receiverIds, range, transaction);
        const values = [
          scope.orgId,
          body.name,
          body.description,
          body.mode,
          body.frequency,
          body.status,
          [...new Set(body.alarmTypes)],
          [...new Set(body.levels)],
          body.deviceScope,
          range.siteIds,
          range.groupIds,
          range.models,
          range.deviceIds,
        ];
        const [row] =
          body.id === undefined
            ? await this.db.query<{ id: string }>(
                `INSERT INTO alarm_strategies (org_id, name, description, mode, frequency, status, alarm_types,
                   levels, device_scope, site_ids, group_ids, models, device_ids)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
                values,
                transaction,
              )
            : await this.db.query<{ id: string }>(
                `UPDATE alarm_strategies SET name = $2, description = $3, mode = $4, frequency = $5, status = $6,
                        alarm_types = $7, levels = $8, device_scope = $9, site_ids = $10, group_ids = $11,
                        models = $12, device_ids = $13
                  WHERE org_id = $1 AND id = $14 RETURNING id`,
                [...values, body.id],
                transaction,
              );
        if (!row) throw AppError.notFound();
        await this.db.execute(
          `WITH gone AS (DELETE FROM alarm_strategy_receivers WHERE strategy_id = $1 AND user_id <> ALL ($2::bigint[]))
           INSERT INTO alarm_strategy_receivers (strategy_id, user_id) SELECT $1, unnest($2::bigint[])
           ON CONFLICT DO NOTHING`,
          [row.id, distinct(body.receiverIds)],
          transaction,
        );
        return { id: Number(row.id) };
      });
    } catch (error) {
      if (isUniqueViolation(error, 'alarm_strategies_org_id_name_key'))
        throw AppError.invalid('strategyNameExists');
      throw error;
    }
  }

  /**
   * Every receiver is a user of the caller's organisation, and every site, group and device the
   * range names is the caller's: a strategy cannot name another tenant's rows.
   */
  private async assertVisible(
    scope: TenantScope,
    receiverIds: number[],
    range: { siteIds: number[]; groupIds: number[]; deviceIds: number[] },
    transaction: Transaction,
  ): Promise<void> {
    const [found] = await scope.query<{ users: string; sites: string; groups: string; devices: string }>(
      this.db,
      `SELECT (SELECT count(*) FROM users WHERE org_id = $1 AND id = ANY ($2::bigint[])) AS users,
              (SELECT count(*) FROM sites s WHERE s.id = ANY ($3::bigint[]) AND {site:s}) AS sites,
              (SELECT count(*) FROM device_groups g WHERE g.id = ANY ($4::bigint[]) AND {scope:g.org_id}) AS groups,
              (SELECT count(*) FROM devices d WHERE d.id = ANY ($5::bigint[]) AND {devices:d}) AS devices`,
      [scope.orgId, distinct(receiverIds), range.siteIds, range.groupIds, range.deviceIds],
      transaction,
    );
    if (Number(found?.users) !== distinct(receiverIds).length)
      throw AppError.invalid('strategyReceiversRequired');
    if (
      Number(found?.sites) !== range.siteIds.length ||
      Number(found?.groups) !== range.groupIds.length ||
      Number(found?.devices) !== range.deviceIds.length
    )
      throw AppError.notFound();
  }

  async setStatus(scope: TenantScope, id: number, status: number): Promise<void> {
    const changed = await this.db.execute(
      'UPDATE alarm_strategies SET status = $3 WHERE org_id = $1 AND id = $2',
      [scope.orgId, id, status],
    );
    if (changed === 0) throw AppError.notFound();
  }

  async remove(scope: TenantScope, ids: number[]): Promise<number> {
    return this.db.execute('DELETE FROM alarm_strategies WHERE org_id = $1 AND id = ANY ($2::bigint[])', [
      scope.orgId,
      distinct(ids),
    ]);
  }
}
