import { describe, expect, it } from 'vitest';
import { paramItem, pushThenReboot, reportedModels, useVendorFleet } from '../../testing/vendor-fleet.js';

/**
 * Fanvil X-series phones simulated with their driver (docs/phone-simulator.md): they ask for their
 * model's common file and their `<mac>.cfg` with Fanvil User-Agents, read the `sysConf` XML back, and
 * act on Fanvil's check-sync events, through the real console and task engine.
 */
// A site-wide VLAN and time zone: the phones must find them as Fanvil elements, read back as the catalogue's.
const vendor = useVendorFleet({
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

describe('Fanvil phones simulated with their driver', () => {
  it('fetch their common file and <mac>.cfg in sysConf XML, identified by their User-Agent', async () => {
    const { fleet } = vendor();
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
    expect(await reportedModels(vendor())).toEqual([
      ['X4U', '2.12.16.17'],
      ['X210', '2.4.5.2'],
    ]);
  });

  it('answer a configuration push and a reboot with Fanvil’s check-sync events, every result a success', async () => {
    const { api, fleet, ids } = vendor();
    await pushThenReboot(vendor());
    expect(fleet.phones.map((phone) => phone.notifyEvents)).toEqual(
      fleet.phones.map(() => ['check-sync', 'check-sync;reboot=true']),
    );
    const reset = await api.call('POST', '/device/factoryReset', { ids });
    expect(reset.message).toBe('The device model does not support a factory reset by push');
  }, 60_000);
});
