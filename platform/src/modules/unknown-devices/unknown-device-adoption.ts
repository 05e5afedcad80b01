import { type Language, macWithColons, translate } from '@phonefleet/sdk';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import { checkDeviceFields } from '../devices/device-fields.js';
import { checkDeviceLimits, lockDeviceLimits } from '../devices/device-limits.js';
import type { Actor } from '../devices/device-log.js';
import type { DeviceService } from '../devices/device-service.js';
import { insertDevices, type NewDevice } from '../devices/insert-devices.js';
import type { DriverRegistry } from '../extensions/driver-registry.js';
import type { TenantScope } from '../tenancy/scope.js';
import type { UnknownAdd } from './schemas.js';

/** An unknown device that could not be added, with the reason in the caller's language. */
export interface RefusedUnknownDevice {
  macAddress: string;
  deviceModel: string;
  firmwareVersion: string;
  message: string;
}

interface Picked {
  id: string;
  mac: string | null;
  model: string | null;
  firmware: string | null;
}

/**
 * "Add as device": unknown devices become devices of one site, through the same check
 * (`checkDeviceFields`) and the same set-based insert as an import (`insertDevices`): their phones'
 * address, model and firmware are taken over, their unknown records settled, the operation log
 * written ("Added the device"). The model and firmware are what each phone reported unless the
 * caller gives them.
 */
export class UnknownDeviceAdoption {
  private readonly db: Database;
  private readonly driverRegistry: DriverRegistry;
  private readonly deviceService: DeviceService;

  constructor({
    db,
    driverRegistry,
    deviceService,
  }: { db: Database; driverRegistry: DriverRegistry; deviceService: DeviceService }) {
    this.db = db;
    this.driverRegistry = driverRegistry;
    this.deviceService = deviceService;
  }

  /**
   * Adds the unknown devices `ids` (list rows) to `siteId`. Answers `read` (the rows named) and the
   * ones refused with their message; an id or site outside the scope refuses the whole request
   * (not found) and changes nothing.
   */
  async add(
    scope: TenantScope,
    actor: Actor,
    input: UnknownAdd,
    language: Language,
  ): Promise<{ read: number; failed: RefusedUnknownDevice[] }> {
    const wanted = [...new Set(input.ids)];
    return this.db.transaction(async (transaction) => {
      // The records named, then every visible record of their MACs: the latest reported model and firmware.
      const picked = await scope.query<Picked>(
        this.db,
        `WITH named AS (
           SELECT u.id, u.mac FROM unknown_devices u WHERE u.id = ANY($1::bigint[]) AND {scope:u.org_id})
         SELECT n.id, n.mac,
                (SELECT s.model FROM unknown_devices s WHERE s.mac = n.mac AND s.model IS NOT NULL AND {scope:s.org_id}
                  ORDER BY s.last_seen DESC LIMIT 1) AS model,
                (SELECT s.firmware FROM unknown_devices s WHERE s.mac = n.mac AND s.firmware IS NOT NULL AND {scope:s.org_id}
                  ORDER BY s.last_seen DESC LIMIT 1) AS firmware
           FROM named n`,
        [wanted],
        transaction,
      );
      if (picked.length !== wanted.length) throw AppError.notFound();
      const bind: unknown[] = [input.siteId];
      const [site] = await this.db.query<{ id: string; org_id: string }>(
        `SELECT s.id, s.org_id FROM sites s WHERE s.id = $1 AND ${scope.sitesCondition('s', bind)}`,
        bind,
        transaction,
      );
      if (!site) throw AppError.notFound();

      const failed: RefusedUnknownDevice[] = [];
      const valid: NewDevice[] = [];
      const seen = new Set<string>();
      for (const row of picked) {
        const text = {
          macAddress: row.mac?.trim() ?? '',
          deviceModel: input.deviceModel || row.model || '',
          firmwareVersion: input.firmwareVersion || row.firmware || '',
        };
        const check = checkDeviceFields({ ...text, deviceName: '', serialNumber: '' }, this.driverRegistry);
        const refuse = (key: Parameters<typeof translate>[0]) =>
          failed.push({
            ...text,
            macAddress: text.macAddress && macWithColons(text.macAddress),
            message: translate(key, language),
          });
        if (!check.ok) refuse(check.messageKey);
        // Two rows of one MAC (not possible through the list, which groups them) add it once.
        else if (!seen.has(check.fields.mac)) {
          seen.add(check.fields.mac);
          valid.push({ fields: check.fields, siteId: site.id, orgId: site.org_id });
        }
      }
      if (valid.length) {
        const orgIds = [Number(site.org_id)];
        await lockDeviceLimits(this.db, orgIds, transaction);
        const inserted = await insertDevices(this.db, transaction, valid, actor, 'add');
        await checkDeviceLimits(this.db, orgIds, transaction);
        for (const row of valid) {
          if (inserted.has(row.fields.mac)) continue;
          failed.push({
            macAddress: macWithColons(row.fields.mac),
            deviceModel: row.fields.model,
            firmwareVersion: row.fields.firmware,
            message: translate('duplicateDevice', language),
          });
        }
        if (inserted.size) this.deviceService.forgetCounts();
      }
      return { read: wanted.length, failed };
    });
  }
}
