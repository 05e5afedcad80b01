import type { SimulatedFleet } from '@phonefleet/sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import type { TestTenant } from '../../testing/tenants.js';
import type { ApiClient } from '../../testing/test-console.js';
import {
  everyResultSucceeds,
  paramItem,
  startVendorFleet,
  type VendorFleet,
} from '../../testing/vendor-fleet.js';

/**
 * Grandstream phones simulated with their driver (docs/phone-simulator.md): they ask for
 * `cfg<mac>.xml` with Grandstream User-Agents, read the XML P-values back, and act on the
 * `check-sync` and `sys-control` NOTIFY events, through the real console and task engine.
 */
let running: RunningConsole;
let acme: TestTenant;
let api: ApiClient;
let fleet: SimulatedFleet;
let ids: number[];
let vendor: VendorFleet | undefined;

beforeAll(async () => {
  // A site-wide VLAN and time zone: the phones must find them as P-values, read back as the catalogue's.
  vendor = await startVendorFleet({
    models: ['GXP2170', 'GRP2614'],
    username: 'acme-phones',
    addressBase: '127.68.0.0',
    macBase: '000b82000000',
    siteParameters: {
      network: {
        ipParameter: { VLANEnable: paramItem('VLANEnable', 'true'), VLANId: paramItem('VLANId', '20') },
      },
      settings: { timeDate: { TimeZone: paramItem('TimeZone', '+08:00') } },
    },
  });
  ({ running, acme, api, fleet, ids } = vendor);
}, 60_000);

afterAll(async () => {
  await vendor?.stop();
});

describe('Grandstream phones simulated with their driver', () => {
  it('fetch cfg<mac>.xml in Grandstream XML, identified by their User-Agent', async () => {
    expect(await fleet.each((phone) => phone.boot())).toEqual([]);
    const [gxp2170, grp2614] = fleet.phones;
    expect(gxp2170?.userAgent).toMatch(
      /^Grandstream Model HW GXP2170 SW 1\.0\.11\.3 DevId 000b8200000[0-9a-f]$/,
    );
    expect([...(grp2614?.commonFiles.keys() ?? [])]).toEqual([]);
    const fetched = await gxp2170?.fetchConfig();
    expect(fetched?.status).toBe(200);
    expect(fetched?.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(fetched?.body).toContain(`<mac>${gxp2170?.options.mac}</mac>`);
    expect(fetched?.body).toContain('<P22174>1</P22174>\n    <P51>20</P51>\n');
    expect(fetched?.body).toContain('<P64>customize</P64>\n    <P246>UTC-8</P246>\n');
    expect(fetched?.values.get('network.ipParameter.VLANId')).toBe('20');
    expect(fetched?.values.get('settings.timeDate.TimeZone')).toBe('+08:00');
    await running.cradle.provisioningService.flush();
    const seen = await running.cradle.db.query<{ model: string; firmware: string }>(
      'SELECT model, reported_firmware AS firmware FROM devices WHERE org_id = $1 ORDER BY mac',
      [acme.orgId],
    );
    expect(seen.map((row) => [row.model, row.firmware])).toEqual([
      ['GXP2170', '1.0.11.3'],
      ['GRP2614', '1.0.5.33'],
    ]);
  });

  it('answer a configuration push with check-sync and a reboot with sys-control, every result a success', async () => {
    const results = (taskId: number) => everyResultSucceeds(running, taskId, ids.length);
    const pushed = await api.call<{ id: number }>('POST', '/device/configPush', { ids });
    await results(pushed.rows[0]?.id ?? 0);
    const rebooted = await api.call<{ id: number }>('POST', '/device/deviceReboot', { ids });
    await results(rebooted.rows[0]?.id ?? 0);
    expect(fleet.phones.map((phone) => phone.notifyEvents)).toEqual(
      fleet.phones.map(() => ['check-sync', 'sys-control']),
    );
    const reset = await api.call('POST', '/device/factoryReset', { ids });
    expect(reset.message).toBe('The device model does not support a factory reset by push');
  }, 60_000);
});
