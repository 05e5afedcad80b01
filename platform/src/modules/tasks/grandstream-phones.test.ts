import { describe, expect, it } from 'vitest';
import { paramItem, pushThenReboot, reportedModels, useVendorFleet } from '../../testing/vendor-fleet.js';

/**
 * Grandstream phones simulated with their driver (docs/phone-simulator.md): they ask for
 * `cfg<mac>.xml` with Grandstream User-Agents, read the XML P-values back, and act on the
 * `check-sync` and `sys-control` NOTIFY events, through the real console and task engine.
 */
// A site-wide VLAN and time zone: the phones must find them as P-values, read back as the catalogue's.
const vendor = useVendorFleet({
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

describe('Grandstream phones simulated with their driver', () => {
  it('fetch cfg<mac>.xml in Grandstream XML, identified by their User-Agent', async () => {
    const { fleet } = vendor();
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
    expect(await reportedModels(vendor())).toEqual([
      ['GXP2170', '1.0.11.3'],
      ['GRP2614', '1.0.5.33'],
    ]);
  });

  it('answer a configuration push with check-sync and a reboot with sys-control, every result a success', async () => {
    const { api, fleet, ids } = vendor();
    await pushThenReboot(vendor());
    expect(fleet.phones.map((phone) => phone.notifyEvents)).toEqual(
      fleet.phones.map(() => ['check-sync', 'sys-control']),
    );
    const reset = await api.call('POST', '/device/factoryReset', { ids });
    expect(reset.message).toBe('The device model does not support a factory reset by push');
  }, 60_000);
});
