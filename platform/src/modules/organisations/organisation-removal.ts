import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { TenantScope } from '../tenancy/scope.js';
import { hasData, type OrgKind } from './organisation-rows.js';
import type { OrganisationService } from './organisation-service.js';

/**
 * What goes with a deleted organisation: what its creation made and what its users made of
 * themselves (users, their sessions and links by cascade, roles, sites, queued email, API
 * credentials and feedback by cascade). A row of any other table with an `org_id` is the
 * organisation's data and keeps it — except the operation log, which outlives it (its records are
 * what tells who deleted it, and they are hidden once their organisation is gone).
 */
const REMOVED_WITH_IT = ['users', 'roles', 'sites', 'mail_outbox', 'api_credentials', 'feedback'];
const KEPT_AFTER_IT = ['operation_log'];

/**
 * Deletes organisations (docs/organisation.md "Delete"): all or nothing. Refused while one has
 * organisations below it, or data: devices, SIP accounts, parameters, templates, groups, tasks,
 * records of any kind (discovered from the schema, so a table added later counts too).
 */
export class OrganisationRemoval {
  private readonly db: Database;
  private readonly organisationService: OrganisationService;

  constructor(deps: { db: Database; organisationService: OrganisationService }) {
    this.db = deps.db;
    this.organisationService = deps.organisationService;
  }

  async remove(scope: TenantScope, kind: OrgKind, ids: number[]): Promise<{ deleted: number }> {
    return this.db.transaction(async (transaction) => {
      const orgs = await this.organisationService.lockManaged(scope, kind, ids, transaction);
      const orgIds = orgs.map((org) => org.id);
      const parents = await this.db.query<{ name: string }>(
        `SELECT o.name FROM orgs o WHERE o.id = ANY($1::bigint[])
            AND EXISTS (SELECT 1 FROM orgs c WHERE c.parent_id = o.id) ORDER BY o.name`,
        [orgIds],
        transaction,
      );
      if (parents.length) {
        throw AppError.invalid('organisationHasChildren', parents.map((p) => p.name).join(', '));
      }
      const tables = await this.db.query<{ table_name: string }>(
        `SELECT c.table_name FROM information_schema.columns c
           JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
          WHERE c.table_schema = current_schema() AND c.column_name = 'org_id' AND t.table_type = 'BASE TABLE'
            AND c.table_name <> ALL($1::text[])
          ORDER BY c.table_name`,
        [[...REMOVED_WITH_IT, ...KEPT_AFTER_IT]],
        transaction,
      );
      const held = tables.length
        ? await this.db.query<{ name: string; tables: string[] }>(
            `SELECT o.name, array_agg(h.t ORDER BY h.t) AS tables
               FROM (${tables
                 .map(
                   ({ table_name }) =>
                     `SELECT DISTINCT x.org_id, '${table_name}' AS t FROM "${table_name}" x WHERE x.org_id = ANY($1::bigint[])`,
                 )
                 .join(' UNION ALL ')}) h
               JOIN orgs o ON o.id = h.org_id
              GROUP BY o.name ORDER BY o.name`,
            [orgIds],
            transaction,
          )
        : [];
      if (held.length) {
        throw AppError.invalid(
          hasData[kind],
          held.map((row) => `${row.name}: ${row.tables.join(', ')}`).join('; '),
        );
      }
      // Sessions and links go with their users (cascade); a session that entered one returns home.
      for (const statement of [
        'DELETE FROM users WHERE org_id = ANY($1::bigint[])',
        'DELETE FROM roles WHERE org_id = ANY($1::bigint[])',
        'DELETE FROM sites WHERE org_id = ANY($1::bigint[])',
        'DELETE FROM orgs WHERE id = ANY($1::bigint[])',
      ]) {
        await this.db.execute(statement, [orgIds], transaction);
      }
      return { deleted: orgIds.length };
    });
  }
}
