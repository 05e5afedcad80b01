import { AccountStatus, DeviceAccountStatus } from '@phonefleet/sdk';
import type { Transaction } from 'sequelize';
import type { Database } from '../../db/database.js';
import { layerSql } from '../configuration/layer-sql.js';

/**
 * The sip module's small API over `sip_bindings` for statements other modules run (docs/sip.md):
 * a binding's device lies in its account's site subtree and its server's; what breaks that
 * (a site moved, a server or account given another site) unbinds; a device's account status
 * follows its lines.
 */

/**
 * Recomputes `devices.account_status` for the devices `ids` selects (a query of one `id` column):
 * no line → 0 none, every line registered → 1 normal, else 2 abnormal. A device without lines
 * keeps what its phone reported of its own account (docs/device-events.md).
 */
export function refreshAccountStatusSql(ids: string, keepUnbound = false): string {
  return `UPDATE devices d
             SET account_status = CASE WHEN s.bound = 0 THEN ${keepUnbound ? 'd.account_status' : DeviceAccountStatus.none}
                                       WHEN s.registered = s.bound THEN ${DeviceAccountStatus.normal}
                                       ELSE ${DeviceAccountStatus.abnormal} END
            FROM (SELECT x.id, count(b.line) AS bound,
                         count(b.line) FILTER (WHERE b.status = ${AccountStatus.registered}) AS registered
                    FROM (${ids}) x LEFT JOIN sip_bindings b ON b.device_id = x.id
                   GROUP BY x.id) s
           WHERE d.id = s.id`;
}

/**
 * Deletes the bindings of an organization whose device is no longer in its account's site subtree
 * or its server's, or no longer in the account's organization, and refreshes those devices'
 * account status. Answers how many lines were unbound.
 */
export async function unbindStray(
  db: Database,
  orgId: string | number,
  transaction: Transaction,
): Promise<number> {
  const unbound = await db.query<{ device_id: string }>(
    `DELETE FROM sip_bindings b
           USING sip_accounts a, sip_servers v, devices d, sites ds, sites sa, sites sv
           WHERE a.id = b.account_id AND v.id = a.server_id AND d.id = b.device_id
             AND ds.id = d.site_id AND sa.id = a.site_id AND sv.id = v.site_id
             AND a.org_id = $1
             AND (d.org_id <> a.org_id OR ds.path NOT LIKE sa.path || '%' OR ds.path NOT LIKE sv.path || '%')
          RETURNING b.device_id`,
    [orgId],
    transaction,
  );
  if (unbound.length)
    await db.execute(
      refreshAccountStatusSql('SELECT DISTINCT unnest($1::bigint[]) AS id'),
      [unbound.map((row) => row.device_id)],
      transaction,
    );
  return unbound.length;
}

/**
 * Deletes the accounts `accounts` selects (a query of one `id` column) with their parameter layers.
 * Every deletion of accounts goes through here.
 */
export function removeAccountsSql(accounts: string): string {
  return `WITH gone AS (DELETE FROM sip_accounts WHERE id IN (${accounts}) RETURNING id)
          ${layerSql.delete('account', '(SELECT array_agg(id) FROM gone)')}`;
}

/** Deletes the accounts bound to the devices `$ids` (spec §8: a deleted device's SIP account goes too). */
export function removeBoundAccountsSql(ids: string): string {
  return removeAccountsSql(`SELECT account_id FROM sip_bindings WHERE device_id = ANY(${ids}::bigint[])`);
}

/** Whether any of the devices `$ids` has a bound line (a transfer is refused until unbound). */
export function hasBindingsSql(ids: string): string {
  return `SELECT EXISTS (SELECT 1 FROM sip_bindings WHERE device_id = ANY(${ids}::bigint[])) AS bound`;
}

/**
 * The device's bound lines with everything its file needs, as a JSON array (provisioning's one
 * round trip); `device` is an SQL expression for its id. Passwords are in it: the caller serves
 * them only to an authenticated phone.
 */
export function boundLinesSql(device: string): string {
  return `(SELECT json_agg(json_build_object(
            'line', b.line, 'label', a.label_name, 'displayName', a.display_name, 'userName', a.user_name,
            'registerName', a.register_name, 'password', a.password, 'server', v.address, 'port', v.port,
            'transport', v.transport, 'expires', v.expires, 'outboundProxy', v.outbound_proxy,
            'outboundPort', v.outbound_port, 'natTraversal', v.nat_traversal,
            'backupServer', v.secondary_address, 'backupPort', v.secondary_port,
            'backupTransport', v.secondary_transport, 'backupExpires', v.secondary_expires,
            'backupOutboundProxy', v.secondary_outbound_proxy, 'backupOutboundPort', v.secondary_outbound_port,
            'parameters', (SELECT l.pushed FROM config_layers l WHERE l.relation = 'account' AND l.relation_id = a.id))
            ORDER BY b.line)
             FROM sip_bindings b JOIN sip_accounts a ON a.id = b.account_id JOIN sip_servers v ON v.id = a.server_id
            WHERE b.device_id = ${device})`;
}

/**
 * The digest credentials a phone checks a NOTIFY against: the account bound to its line 1 (its
 * RegisterName, else UserName, and password, as its file carries them), as JSON
 * `{"username", "password"}` or NULL; `device` is an SQL expression for its id. The task engine
 * reads it with the rows it claims and keeps it only while the NOTIFY is in flight.
 */
export function notifyCredentialsSql(device: string): string {
  return `(SELECT json_build_object('username', coalesce(nullif(a.register_name, ''), a.user_name), 'password', a.password)
             FROM sip_bindings b JOIN sip_accounts a ON a.id = b.account_id
            WHERE b.device_id = ${device} AND b.line = 1)`;
}
