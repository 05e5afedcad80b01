import { describe, expect, it } from 'vitest';
import { paramItem, pushThenReboot, reportedModels, useVendorFleet } from '../../testing/vendor-fleet.js';

/**
 * Snom D7xx phones simulated with their driver (docs/phone-simulator.md): they ask for
 * `snom<model>.xml` and their `<mac>.xml` with Snom User-Agents, read Snom XML back, and act on
 * Snom's check-sync events, through the real console and task engine.
 */
// A site-wide VLAN: the phones must find it as Snom's vlan_id, read back as the catalogue's.
const vendor = useVendorFleet({
  models: ['D785', 'D717'],
  username: 'acme-snom',
  addressBase: '127.68.0.0',
  macBase: '000413000000',
  siteParameters: {
    network: { ipParameter: { VLANId: paramItem('VLANId', '20') } },
  },
});

describe('Snom phones simulated with their driver', () => {
  it('fetch their model file and own file in Snom XML, identified by their User-Agent', async () => {
    const { fleet } = vendor();
    expect(await fleet.each((phone) => phone.boot())).toEqual([]);
    const [d785, d717] = fleet.phones;
    expect(d785?.userAgent).toMatch(
      /^Mozilla\/4\.0 \(compatible; snomD785-SIP 10\.1\.73\.16 00041300000[0-9a-f]\)$/,
    );
    expect([...(d785?.commonFiles.keys() ?? [])]).toEqual(['snomD785.xml']);
    expect([...(d717?.commonFiles.keys() ?? [])]).toEqual(['snomD717.xml']);
    const fetched = await d785?.fetchConfig();
    expect(fetched?.status).toBe(200);
    expect(fetched?.body.startsWith('<?xml version="1.0" encoding="utf-8"?>\n')).toBe(true);
    expect(fetched?.body).toContain('    <vlan_id perm="">20</vlan_id>\n');
    expect(fetched?.values.get('network.ipParameter.VLANId')).toBe('20');
    expect(await reportedModels(vendor())).toEqual([
      ['D785', '10.1.73.16'],
      ['D717', '10.1.46.16'],
    ]);
  });

  it('answer a configuration push and a reboot with Snom’s check-sync events, every result a success', async () => {
    const { api, fleet, ids } = vendor();
    await pushThenReboot(vendor());
    expect(fleet.phones.map((phone) => phone.notifyEvents)).toEqual(
      fleet.phones.map(() => ['check-sync;reboot=false', 'check-sync;reboot=true']),
    );
    // A factory reset is refused: this driver declares no reset by NOTIFY.
    const reset = await api.call('POST', '/device/factoryReset', { ids });
    expect(reset.message).toBe('The device model does not support a factory reset by push');
  }, 60_000);
});
