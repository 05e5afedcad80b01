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
 * Fanvil X-series phones simulated with their driver (docs/phone-simulator.md): they ask for their
 * model's common file and their `<mac>.cfg` with Fanvil User-Agents, read the `sysConf` XML back, and
 * act on Fanvil's check-sync events, through the real console and task engine.
 */
let running: RunningConsole;
let acme: TestTenant;
let api: ApiClient;
let fleet: SimulatedFleet;
let ids: number[];
let vendor: VendorFleet | undefined;

beforeAll(async () => {
  // A site-wide VLAN and time zone: the phones must find them as Fanvil elements, read back as the catalogue's.
  vendor = await startVendorFleet({
    models: ['X4U', 'X210'],
    username: 'acme-fanvil',
    addressBase: '127.68.0.0',
    macBase: '0c383e000000',
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

describe('Fanvil phones simulated with their driver', () => {
  it('fetch their common file and <mac>.cfg in sysConf XML, identified by their User-Agent', async () => {
    expect(await fleet.each((phone) => phone.boot())).toEqual([]);
    const [x4u, x210] = fleet.phones;
    expect(x4u?.userAgent).toMatch(/^Fanvil X4U 2\.12\.16\.17 0c383e00000[0-9a-f]$/);
    expect([...(x4u?.commonFiles.keys() ?? [])]).toEqual(['f0X4Uhw1.100.cfg']);
    expect([...(x210?.commonFiles.keys() ?? [])]).toEqual(['F0V00X200000.cfg']);
    const fetched = await x4u?.fetchConfig();
    expect(fetched?.status).toBe(200);
    expect(fetched?.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(fetched?.body).toContain(
      '  <qos>\n    <EnableVLAN>1</EnableVLAN>\n    <VLANID>20</VLANID>\n  </qos>\n',
    );
    expect(fetched?.body).toContain('<TimeZone>32</TimeZone>');
    expect(fetched?.values.get('network.ipParameter.VLANId')).toBe('20');
    expect(fetched?.values.get('settings.timeDate.TimeZone')).toBe('+08:00');
    await running.cradle.provisioningService.flush();
    const seen = await running.cradle.db.query<{ model: string; firmware: string }>(
      'SELECT model, reported_firmware AS firmware FROM devices WHERE org_id = $1 ORDER BY mac',
      [acme.orgId],
    );
    expect(seen.map((row) => [row.model, row.firmware])).toEqual([
      ['X4U', '2.12.16.17'],
      ['X210', '2.4.5.2'],
    ]);
  });

  it('answer a configuration push and a reboot with Fanvil’s check-sync events, every result a success', async () => {
    const results = (taskId: number) => everyResultSucceeds(running, taskId, ids.length);
    const pushed = await api.call<{ id: number }>('POST', '/device/configPush', { ids });
    await results(pushed.rows[0]?.id ?? 0);
    const rebooted = await api.call<{ id: number }>('POST', '/device/deviceReboot', { ids });
    await results(rebooted.rows[0]?.id ?? 0);
    expect(fleet.phones.map((phone) => phone.notifyEvents)).toEqual(
      fleet.phones.map(() => ['check-sync', 'check-sync;reboot=true']),
    );
    const reset = await api.call('POST', '/device/factoryReset', { ids });
    expect(reset.message).toBe('The device model does not support a factory reset by push');
  }, 60_000);
});
