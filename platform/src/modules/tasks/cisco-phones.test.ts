import { describe, expect, it } from 'vitest';
import { paramItem, pushThenReboot, reportedModels, useVendorFleet } from '../../testing/vendor-fleet.js';

/**
 * Cisco MPP phones simulated with their driver (docs/phone-simulator.md): they ask for `$PSN.xml`
 * (`8841-3PCC.xml`) and their `$MA.xml` with Cisco User-Agents, read the flat profile back, and act on
 * Cisco's resync and reboot_now events, through the real console and task engine. Like real MPP
 * phones they challenge every NOTIFY and act only on the retry signed with their line 1 account.
 */
// A site-wide VLAN, time zone and provisioning URL: the phones must find them as Cisco elements, the
// URL also in the model-wide file as the profile rule to their own file.
const vendor = useVendorFleet({
  models: ['CP-8841', 'CP-7841'],
  username: 'acme-cisco',
  addressBase: '127.68.0.0',
  macBase: '00562b000000',
  siteParameters: {
    network: {
      ipParameter: { VLANEnable: paramItem('VLANEnable', 'true'), VLANId: paramItem('VLANId', '20') },
    },
    provision: {
      autoProvision: { ProvisionUrl: paramItem('ProvisionUrl', 'https://console.example.com/prov') },
    },
    settings: { timeDate: { TimeZone: paramItem('TimeZone', '-05:00') } },
  },
  notifyAuth: { lineBase: 8100, registrar: '127.68.0.250' },
});

describe('Cisco MPP phones simulated with their driver', () => {
  it('fetch $PSN.xml and $MA.xml in flat-profile XML, identified by their User-Agent', async () => {
    const { fleet } = vendor();
    expect(await fleet.each((phone) => phone.boot())).toEqual([]);
    const [cp8841, cp7841] = fleet.phones;
    expect(cp8841?.userAgent).toMatch(/^Cisco-CP-8841-3PCC\/11\.3\.7 \(00562b00000[0-9a-f]\)$/);
    expect([...(cp8841?.commonFiles.keys() ?? [])]).toEqual(['8841-3PCC.xml']);
    expect([...(cp7841?.commonFiles.keys() ?? [])]).toEqual(['7841-3PCC.xml']);
    // The model-wide file carries nothing but the rule that sends the phone to its own file.
    expect(cp8841?.commonFiles.get('8841-3PCC.xml')).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        "<!-- 8841-3PCC.xml: the profile rule to each phone's own $MA.xml -->",
        '<flat-profile>',
        '  <Profile_Rule>https://console.example.com/prov/$MA.xml</Profile_Rule>',
        '</flat-profile>',
        '',
      ].join('\n'),
    );
    const fetched = await cp8841?.fetchConfig();
    expect(fetched?.status).toBe(200);
    expect(fetched?.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(fetched?.body).toContain('  <Enable_VLAN>Yes</Enable_VLAN>\n  <VLAN_ID>20</VLAN_ID>\n');
    expect(fetched?.body).toContain('  <Time_Zone>GMT-05:00</Time_Zone>\n');
    expect(fetched?.values.get('network.ipParameter.VLANId')).toBe('20');
    expect(fetched?.values.get('settings.timeDate.TimeZone')).toBe('-05:00');
    expect(await reportedModels(vendor())).toEqual([
      ['CP-8841', '11.3.7'],
      ['CP-7841', '11.0.1'],
    ]);
  });

  it('answer a configuration push and a reboot with Cisco’s resync and reboot_now, every result a success', async () => {
    const { api, fleet, ids } = vendor();
    await pushThenReboot(vendor());
    expect(fleet.phones.map((phone) => phone.notifyEvents)).toEqual(
      fleet.phones.map(() => ['resync', 'reboot_now']),
    );
    // Each NOTIFY was challenged once and its signed retry accepted.
    expect(
      fleet.phones.map((phone) => [phone.notifyAuth?.challenges, phone.notifyAuth?.badSignatures]),
    ).toEqual(fleet.phones.map(() => [2, 0]));
    expect(fleet.phones.map((phone) => phone.lines.get(1)?.state)).toEqual(['registered', 'registered']);
    // A factory reset is refused: this driver declares no reset by NOTIFY.
    const reset = await api.call('POST', '/device/factoryReset', { ids });
    expect(reset.message).toBe('The device model does not support a factory reset by push');
  }, 60_000);
});
