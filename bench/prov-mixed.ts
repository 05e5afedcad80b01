import { DeviceStatus } from '@phonefleet/sdk';
import { SimulatedPhone, sampleFirmware } from '@phonefleet/sdk/testing';
import type { RunningConsole } from '../platform/src/app.js';
import type { PhoneTemplates } from './prov-load.js';

/**
 * A mixed fleet for the provisioning benchmark (issue 22): the provisioning seed's shape (100,000
 * devices, 110 sites, model templates, 200 groups, layered values on every level) in enterprise
 * 1001, with equal shares of two models of each of the eight bundled families; and what each of
 * those phones asks for, for the load generator (bench/prov-load.ts).
 */
export const MIXED_MODELS = [
  'H2',
  'H2P',
  'V62',
  'V64',
  'T46S',
  'T54W',
  'GXP2170',
  'GRP2614',
  'VVX_450',
  'VVX_350',
  'D785',
  'D717',
  'X4U',
  'X210',
  'CP-8841',
  'CP-7841',
];
/** Device i has MAC `MIXED_MAC_BASE + i` and model `MIXED_MODELS[i % 16]` (the base is a multiple of 16). */
const MIXED_MAC_BASE = 0x0a0000000000;
export const MIXED_USER = { username: 'benchmix', password: 'Bench#2026' };

/**
 * All set-based SQL, ids apart from the provisioning seed's (organization 1000); its phones in service
 * as the seed's are (online, fetched an hour ago), so a measured fetch is not a first contact in either.
 */
export async function seedMixedFleet(running: RunningConsole, devices: number): Promise<number> {
  const started = performance.now();
  const models = `ARRAY[${MIXED_MODELS.map((model) => `'${model}'`).join(', ')}]`;
  await running.cradle.db.execute(`
    INSERT INTO orgs (id, type, name, parent_id, path, prov_username, prov_ha1)
      VALUES (1001, 'enterprise', 'Bench mixed', 1, '/1/1001/', '${MIXED_USER.username}',
              md5('${MIXED_USER.username}:phonefleet:${MIXED_USER.password}'));
    INSERT INTO sites (id, org_id, name, parent_id, path)
      SELECT 12000 + p, 1001, 'Mixed region ' || p, NULL, '/' || (12000 + p) || '/' FROM generate_series(1, 10) p;
    INSERT INTO sites (id, org_id, name, parent_id, path)
      SELECT 22000 + p * 100 + c, 1001, 'Mixed site ' || p || '-' || c, 12000 + p,
             '/' || (12000 + p) || '/' || (22000 + p * 100 + c) || '/'
        FROM generate_series(1, 10) p, generate_series(1, 10) c;
    INSERT INTO devices (org_id, site_id, mac, model, device_name, status, last_fetch_at)
      SELECT 1001, 22000 + (i % 10 + 1) * 100 + (i / 10 % 10 + 1), lpad(to_hex(${MIXED_MAC_BASE}::bigint + i), 12, '0'),
             (${models})[i % ${MIXED_MODELS.length} + 1], 'Mixed phone ' || i, ${DeviceStatus.online}, now() - interval '1 hour'
        FROM generate_series(1, ${devices}) i;
    INSERT INTO model_templates (org_id, site_id, name, model)
      SELECT 1001, s.id, m || ' ' || s.name, m FROM sites s, unnest(${models}) m
       WHERE s.org_id = 1001 AND s.parent_id IS NOT NULL;
    INSERT INTO device_groups (id, org_id, name) SELECT 31000 + g, 1001, 'Mixed group ' || g FROM generate_series(1, 200) g;
    INSERT INTO group_devices (group_id, device_id)
      SELECT 31000 + (d.id % 200) + 1, d.id FROM devices d WHERE d.org_id = 1001 AND d.id % 3 = 0;
    INSERT INTO config_layers (org_id, relation, relation_id, config, pushed)
      SELECT 1001, 'global', 1001, '{}', pushed FROM config_layers WHERE org_id = 1000 AND relation = 'global';
    INSERT INTO config_layers (org_id, relation, relation_id, config, pushed)
      SELECT 1001, 'site', s.id, '{}', jsonb_build_object('settings.timeDate.SntpServer1', 'ntp' || s.id || '.example.com', 'sipFunction.general.ReleaseTimeout', '5')
        FROM sites s WHERE s.org_id = 1001;
    INSERT INTO config_layers (org_id, relation, relation_id, config, pushed)
      SELECT 1001, 'model', m.id, '{}', jsonb_build_object('settings.display.BackLightTimeout', '120', 'sipFunction.general.SIPDefaultAccount', '1')
        FROM model_templates m WHERE m.org_id = 1001;
    INSERT INTO config_layers (org_id, relation, relation_id, config, pushed)
      SELECT 1001, 'group', g.id, '{}', jsonb_build_object('sipFunction.general.LocalConfPartyMax', '4') FROM device_groups g WHERE g.org_id = 1001;
    INSERT INTO config_layers (org_id, relation, relation_id, config, pushed)
      SELECT 1001, 'device', d.id, '{}', jsonb_build_object('account.1.advanced.TelephonyVmNumber', '*97' || d.id)
        FROM devices d WHERE d.org_id = 1001 AND d.id % 10 = 0;
    ANALYZE;`);
  return Number(((performance.now() - started) / 1000).toFixed(1));
}

const MAC_SLOT = '{mac}';

/**
 * Each model's own file name and User-Agent as its simulated phone has them (its driver's device
 * file and sample User-Agent, with the driver's sample firmware), `{mac}` left for the generator.
 */
export function mixedFleetTemplates(running: RunningConsole): PhoneTemplates {
  const templates = MIXED_MODELS.map((model) => {
    const driver = running.cradle.driverRegistry.model(model)?.driver;
    if (!driver) throw new Error(`no driver has the model ${model}`);
    const phone = new SimulatedPhone({
      driver,
      model,
      mac: MAC_SLOT,
      firmware: sampleFirmware({ driver, model }) ?? '1.0.0.0',
      provisioningUrl: running.url,
    });
    return { file: phone.fileName, userAgent: phone.userAgent };
  });
  return { firstMac: MIXED_MAC_BASE + 1, templates };
}
