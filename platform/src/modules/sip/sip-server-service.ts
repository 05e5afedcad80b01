import { ErrorCode, type SipServerOption, type SipServerRow } from '@phonefleet/sdk';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import { distinct, escapeLike, isUniqueViolation } from '../sites/fleet-common.js';
import type { TenantScope } from '../tenancy/scope.js';
import { refreshAccountStatusSql, removeAccountsSql, unbindStray } from './binding-sql.js';
import { type ServerInput, type ServerSearch, type ServerUpdate, serverSortFields } from './schemas.js';

const NAME_INDEX = 'sip_servers_org_lower_name_idx';

interface ServerRecord {
  id: string;
  name: string;
  address: string;
  port: number;
  outbound_proxy: string;
  outbound_port: number | null;
  expires: number;
  transport: number;
  nat_traversal: number;
  secondary_address: string;
  secondary_port: number;
  secondary_expires: number;
  secondary_transport: number;
  secondary_outbound_proxy: string;
  secondary_outbound_port: number | null;
  site_id: string;
  site_name: string;
  account_number: string;
  created_at: Date;
}

const COLUMNS = `v.id, v.name, v.address, v.port, v.outbound_proxy, v.outbound_port, v.expires, v.transport,
  v.nat_traversal, v.secondary_address, v.secondary_port, v.secondary_expires, v.secondary_transport,
  v.secondary_outbound_proxy, v.secondary_outbound_port, v.site_id, s.name AS site_name, v.created_at,
  (SELECT count(*) FROM sip_accounts a WHERE a.server_id = v.id) AS account_number`;

function toRow(row: ServerRecord): SipServerRow {
  return {
    id: Number(row.id),
    serverName: row.name,
    server: row.address,
    port: row.port,
    outboundProxy: row.outbound_proxy,
    outboundPort: row.outbound_port,
    expires: row.expires,
    transport: row.transport as SipServerRow['transport'],
    natTraversal: row.nat_traversal as SipServerRow['natTraversal'],
    secondary: {
      server: row.secondary_address,
      port: row.secondary_port,
      expires: row.secondary_expires,
      transport: row.secondary_transport as SipServerRow['transport'],
      outboundProxy: row.secondary_outbound_proxy,
      outboundPort: row.secondary_outbound_port,
    },
    siteId: Number(row.site_id),
    siteName: row.site_name,
    accountNumber: Number(row.account_number),
    createTime: row.created_at.toISOString(),
  };
}

function fieldValues(input: ServerInput): unknown[] {
  return [
    input.serverName,
    input.server,
    input.port,
    input.outboundProxy,
    input.outboundPort,
    input.expires,
    input.transport,
    input.natTraversal,
    input.secondary.server,
    input.secondary.port,
    input.secondary.expires,
    input.secondary.transport,
    input.secondary.outboundProxy,
    input.secondary.outboundPort,
  ];
}

/**
 * SIP servers (registrars) of an organization, each at a site: its accounts live in that site's
 * subtree and bind to devices there. Names are unique per organization in any case.
 */
export class SipServerService {
  private readonly db: Database;

  constructor({ db }: { db: Database }) {
    this.db = db;
  }

  async search(scope: TenantScope, query: ServerSearch): Promise<{ list: SipServerRow[]; total: number }> {
    const bind: unknown[] = [];
    const where = ['{scope:v.org_id} AND {sites:v.site_id}'];
    if (query.keywords) {
      bind.push(`%${escapeLike(query.keywords.toLowerCase())}%`);
      where.push(`(lower(v.name) LIKE $${bind.length} OR lower(v.address) LIKE $${bind.length})`);
    }
    if (query.site) {
      bind.push(query.site);
      where.push(`s.path LIKE (SELECT p.path FROM sites p WHERE p.id = $${bind.length}) || '%'`);
    }
    const from = `FROM sip_servers v JOIN sites s ON s.id = v.site_id WHERE ${where.join(' AND ')}`;
    const direction = query.sortOrder === 'desc' ? 'DESC' : 'ASC';
    const [rows, count] = await Promise.all([
      scope.query<ServerRecord>(
        this.db,
        `SELECT ${COLUMNS} ${from}
          ORDER BY ${serverSortFields[query.sortField]} ${direction}, v.id ${direction}
          LIMIT ${query.pageSize} OFFSET ${(query.currentPage - 1) * query.pageSize}`,
        bind,
      ),
      scope.query<{ total: string }>(this.db, `SELECT count(*) AS total ${from}`, bind),
    ]);
    return { list: rows.map(toRow), total: Number(count[0]?.total ?? 0) };
  }

  async get(scope: TenantScope, id: number): Promise<SipServerRow> {
    const [row] = await scope.query<ServerRecord>(
      this.db,
      `SELECT ${COLUMNS} FROM sip_servers v JOIN sites s ON s.id = v.site_id
        WHERE v.id = $1 AND {scope:v.org_id} AND {sites:v.site_id}`,
      [id],
    );
    if (!row) throw AppError.notFound();
    return toRow(row);
  }

  async options(scope: TenantScope): Promise<SipServerOption[]> {
    const rows = await scope.query<{ id: string; name: string; address: string; site_id: string }>(
      this.db,
      `SELECT v.id, v.name, v.address, v.site_id FROM sip_servers v
        WHERE {scope:v.org_id} AND {sites:v.site_id} ORDER BY lower(v.name), v.id`,
    );
    return rows.map((row) => ({
      id: Number(row.id),
      serverName: row.name,
      server: row.address,
      siteId: Number(row.site_id),
    }));
  }

  /** The server belongs to its site's organization. */
  async add(scope: TenantScope, input: ServerInput): Promise<{ id: number }> {
    const site = await this.site(scope, input.siteId);
    try {
      const [row] = await this.db.query<{ id: string }>(
        `INSERT INTO sip_servers (name, address, port, outbound_proxy, outbound_port, expires, transport,
                                  nat_traversal, secondary_address, secondary_port, secondary_expires,
                                  secondary_transport, secondary_outbound_proxy, secondary_outbound_port,
                                  org_id, site_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id`,
        [...fieldValues(input), site.org_id, input.siteId],
      );
      return { id: Number(row?.id) };
    } catch (error) {
      if (isUniqueViolation(error, NAME_INDEX)) throw new AppError(ErrorCode.conflict, 'sipServerNameExists');
      throw error;
    }
  }

  /** Another site unbinds its accounts from devices outside the new site (spec §4). */
  async update(scope: TenantScope, input: ServerUpdate): Promise<{ unbound: number }> {
    const site = await this.site(scope, input.siteId);
    try {
      return await this.db.transaction(async (transaction) => {
        const bind: unknown[] = [input.id];
        const [server] = await this.db.query<{ org_id: string }>(
          `SELECT v.org_id FROM sip_servers v
            WHERE v.id = $1 AND ${scope.condition('v.org_id', bind)} AND ${scope.siteCondition('v.site_id', bind)}
              FOR UPDATE`,
          bind,
          transaction,
        );
        if (!server) throw AppError.notFound();
        if (server.org_id !== site.org_id) throw AppError.invalid('siteNotFound', 'siteId');
        await this.db.execute(
          `UPDATE sip_servers SET name = $1, address = $2, port = $3, outbound_proxy = $4, outbound_port = $5,
                  expires = $6, transport = $7, nat_traversal = $8, secondary_address = $9, secondary_port = $10,
                  secondary_expires = $11, secondary_transport = $12, secondary_outbound_proxy = $13,
                  secondary_outbound_port = $14, site_id = $15
            WHERE id = $16`,
          [...fieldValues(input), input.siteId, input.id],
          transaction,
        );
        const unbound = await unbindStray(this.db, server.org_id, transaction);
        return { unbound };
      });
    } catch (error) {
      if (isUniqueViolation(error, NAME_INDEX)) throw new AppError(ErrorCode.conflict, 'sipServerNameExists');
      throw error;
    }
  }

  /** Deletes the servers with all their accounts (spec §8), unbinding them from their devices. */
  async remove(scope: TenantScope, ids: number[]): Promise<{ accounts: number }> {
    const wanted = distinct(ids);
    return this.db.transaction(async (transaction) => {
      const bind: unknown[] = [wanted];
      const found = await this.db.query<{ id: string }>(
        `SELECT v.id FROM sip_servers v
          WHERE v.id = ANY($1::bigint[]) AND ${scope.condition('v.org_id', bind)}
            AND ${scope.siteCondition('v.site_id', bind)} FOR UPDATE`,
        bind,
        transaction,
      );
      if (found.length !== wanted.length) throw AppError.notFound();
      const [removed] = await this.db.query<{ accounts: string; devices: string[] }>(
        `WITH devices_of AS (
           SELECT DISTINCT b.device_id AS id FROM sip_bindings b JOIN sip_accounts a ON a.id = b.account_id
            WHERE a.server_id = ANY($1::bigint[])),
         accounts AS (SELECT count(*) AS n FROM sip_accounts WHERE server_id = ANY($1::bigint[]))
         SELECT (SELECT n FROM accounts) AS accounts, array(SELECT id FROM devices_of) AS devices`,
        [wanted],
        transaction,
      );
      await this.db.execute(
        removeAccountsSql('SELECT id FROM sip_accounts WHERE server_id = ANY($1::bigint[])'),
        [wanted],
        transaction,
      );
      await this.db.execute('DELETE FROM sip_servers WHERE id = ANY($1::bigint[])', [wanted], transaction);
      const devices = removed?.devices ?? [];
      if (devices.length)
        await this.db.execute(
          refreshAccountStatusSql('SELECT unnest($1::bigint[]) AS id'),
          [devices],
          transaction,
        );
      return { accounts: Number(removed?.accounts ?? 0) };
    });
  }

  private async site(scope: TenantScope, siteId: number): Promise<{ org_id: string }> {
    const [site] = await scope.query<{ org_id: string }>(
      this.db,
      'SELECT s.org_id FROM sites s WHERE s.id = $1 AND {site:s}',
      [siteId],
    );
    if (!site) throw AppError.invalid('siteNotFound', 'siteId');
    return site;
  }
}
