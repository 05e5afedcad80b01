import { describe, expect, it } from 'vitest';
import { paramItem, pushThenReboot, reportedModels, useVendorFleet } from '../../testing/vendor-fleet.js';

/**
 * The simulator speaks any driver (docs/phone-simulator.md): Yealink phones ask for their model's
 * common file and their `<mac>.cfg` with Yealink User-Agents, read the Yealink format back, and act
 * on Yealink's check-sync events, through the real console and task engine.
 */
// A site-wide VLAN: the phones must find it under Yealink's key, read back as the catalogue's.
const vendor = useVendorFleet({
  models: ['T46S', 'T54W'],
  username: 'acme-phones',
  addressBase: '127.67.0.0',
  macBase: '805ec0000000',
  siteParameters: {
    network: {
      ipParameter: { VLANEnable: paramItem('VLANEnable', 'true'), VLANId: paramItem('VLANId', '20') },
    },
  },
});

describe('Yealink phones simulated with their driver', () => {
  it('fetch their common and own files in Yealink format, identified by their User-Agent', async () => {
    const { fleet } = vendor();
    expect(await fleet.each((phone) => phone.boot())).toEqual([]);
    const [t46s, t54w] = fleet.phones;
    expect(t46s?.userAgent).toMatch(/^Yealink SIP-T46S 66\.86\.0\.15 805ec000000[0-9a-f]$/);
    expect([...(t46s?.commonFiles.keys() ?? [])]).toEqual(['y000000000066.cfg']);
    expect([...(t54w?.commonFiles.keys() ?? [])]).toEqual(['y000000000096.cfg']);
    const fetched = await t46s?.fetchConfig();
    expect(fetched?.status).toBe(200);
    expect(fetched?.body.startsWith('#!version:1.0.0.1\n')).toBe(true);
    expect(fetched?.body).toContain('static.network.vlan.internet_port_vid = 20\n');
    expect(fetched?.values.get('network.ipParameter.VLANId')).toBe('20');
    expect(await reportedModels(vendor())).toEqual([
      ['T46S', '66.86.0.15'],
      ['T54W', '96.86.0.70'],
    ]);
  });

  it('answer a configuration push and a reboot with Yealink’s check-sync events, every result a success', async () => {
    const { api, fleet, ids } = vendor();
    await pushThenReboot(vendor());
    expect(fleet.phones.map((phone) => phone.notifyEvents)).toEqual(
      fleet.phones.map(() => ['check-sync;reboot=false', 'check-sync;reboot=true']),
    );
    // A factory reset is refused: Yealink declares none by NOTIFY.
    const reset = await api.call('POST', '/device/factoryReset', { ids });
    expect(reset.message).toBe('The device model does not support a factory reset by push');
  }, 60_000);
});
