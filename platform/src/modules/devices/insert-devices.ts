import type { Transaction } from 'sequelize';
import type { Database } from '../../db/database.js';
import { settleUnknownSql, sightingsSql } from '../provisioning/unknown-devices.js';
import type { DeviceFields } from './device-fields.js';
import type { Actor, DeviceLogAction } from './device-log.js';
import { FIRST_CONTACT_COLUMNS, firstContactValues } from './first-contact.js';

/** A checked device and the site (and so the organization) it goes to. */
export interface NewDevice {
  fields: DeviceFields;
  siteId: string;
  orgId: string;
}

/** Rows per INSERT statement of a batch add (an import, unknown devices added together). */
export const INSERT_BATCH = 25_000;

/**
 * Inserts checked devices set-based, `INSERT_BATCH` rows a statement, in (site, MAC) order so the
 * site indexes are written page by page, inside the caller's transaction (which holds the device
 * limits' locks). Each statement also takes over what the phones showed while unknown (first
 * contact), settles their unknown records and writes the operation log. Answers the MACs inserted;
 * MACs already taken are skipped. `onStored(count)` follows each statement.
 */
export async function insertDevices(
  db: Database,
  transaction: Transaction,
  rows: readonly NewDevice[],
  actor: Actor,
  action: DeviceLogAction,
  onStored?: (stored: number) => Promise<void> | void,
): Promise<Set<string>> {
  const inserted = new Set<string>();
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const batch = rows.slice(start, start + INSERT_BATCH);
    const macs = await db.query<{ mac: string }>(
      `WITH t AS (
         SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
             AS t(org_id, site_id, mac, serial_number, device_name, model, firmware)),
       seen AS (${sightingsSql('t')}),
       inserted AS (
         INSERT INTO devices (org_id, site_id, mac, serial_number, device_name, model, firmware, ${FIRST_CONTACT_COLUMNS})
         SELECT t.org_id, t.site_id, t.mac, t.serial_number, t.device_name, t.model, t.firmware, ${firstContactValues('seen')}
           FROM t LEFT JOIN seen ON seen.mac = t.mac::char(12)
          ORDER BY t.site_id, t.mac
         ON CONFLICT (mac) DO NOTHING
         RETURNING id, org_id, mac),
       settled AS (${settleUnknownSql('inserted')}),
       logged AS (
         INSERT INTO device_logs (org_id, device_id, user_name, ip, action)
         SELECT org_id, id, $8, $9, $10 FROM inserted)
       SELECT mac FROM inserted`,
      [
        batch.map((r) => r.orgId),
        batch.map((r) => r.siteId),
        batch.map((r) => r.fields.mac),
        batch.map((r) => r.fields.serialNumber),
        batch.map((r) => r.fields.deviceName),
        batch.map((r) => r.fields.model),
        batch.map((r) => r.fields.firmware),
        actor.userName,
        actor.ip,
        action,
      ],
      transaction,
    );
    for (const { mac } of macs) inserted.add(mac.trim());
    await onStored?.(inserted.size);
  }
  return inserted;
}
