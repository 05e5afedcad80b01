import { coverageWithout, goldenDriver, keyValues, lineValues } from '@phonefleet/sdk/testing';
import { describe, expect, it } from 'vitest';
import snomPackage from './index.js';

/** Golden files: written by hand from Snom's documented XML syntax, compared byte for byte. */
const { driver, golden, file, render, readme } = goldenDriver(
  '@phonefleet/driver-snom',
  snomPackage,
  new URL('..', import.meta.url),
);

describe('Snom golden files', () => {
  it('renders two identities, line and BLF keys, VLAN, NTP, time zone and the provisioning URL', () => {
    const values = new Map([
      ...lineValues(1, {
        Enable: '1',
        Label: 'Reception',
        DisplayName: 'Reception Desk',
        UserName: '2001',
        RegisterName: '2001',
        Password: 's3cret<2001> & "more"',
        ServerAddress: 'pbx.example.com',
        RegisterExpires: '3600',
      }),
      ...lineValues(2, {
        Enable: '1',
        Label: 'Sales',
        DisplayName: 'Sales Line',
        UserName: '2002',
        RegisterName: '2002',
        Password: 'pass 2002',
        ServerAddress: 'pbx.example.com',
        RegisterExpires: '1800',
        OutboundProxy: 'sbc.example.com',
      }),
      ['network.ipParameter.VLANId', '20'],
      ['network.ipParameter.DataVLANId', '30'],
      ['provision.autoProvision.ProvisionUrl', 'https://console.example.com/prov'],
      ['settings.timeDate.SntpServer1', 'ntp1.example.com'],
      ['settings.timeDate.SntpRefreshPeriod', '3600'],
      ['settings.timeDate.TimeZone', '+01:00'],
      ['settings.timeDate.TimeFormat', '0'],
      ...keyValues('programKey', '1', { Type: '2', Account: '1', Label: 'Reception' }),
      ...keyValues('programKey', '3', { Type: '5', Account: '1', Value: '2010', Label: 'Alice' }),
      ...keyValues('programKey', '4', { Type: '5', Account: '2', Value: '2011', Label: 'Bob' }),
      ...keyValues('programKey', '5', { Type: '1', Account: '1', Value: '*97', Label: 'Voicemail' }),
    ]);
    const text = render('D785', '000413aabbcc', values);
    expect(text).toBe(golden('d785-office.xml'));
    expect(driver.parse(text)).toEqual(values);
  });

  it('renders SRTP, a negative half-hour zone, the last key of a D717 and the firmware URL', () => {
    const values = new Map([
      ...lineValues(1, {
        Enable: '1',
        UserName: '3001',
        RegisterName: '3001',
        Password: 'x',
        ServerAddress: '10.0.0.5',
      }),
      ['account.1.advanced.SIPGroupSrtpWorkingMode', '2'],
      ...lineValues(2, { Enable: '0', UserName: '3002', ServerAddress: '10.0.0.5' }),
      ['network.ipParameter.VLANId', '100'],
      ['provision.autoProvision.ProvisionUrl', 'http://192.0.2.10:8080/prov'],
      ['provision.autoProvision.ProvisionPollingTimeout', '86400'],
      ['settings.timeDate.SntpServer1', 'pool.ntp.org'],
      ['settings.timeDate.TimeZone', '-03:30'],
      ['settings.timeDate.TimeFormat', '1'],
      ['maintenance.binaryUpdate.FirmwareUrl', 'http://192.0.2.10:8080/dl/fw/snomD717-10.1.46.16-SIP-r.bin'],
      ...keyValues('programKey', '18', { Type: '5', Account: '2', Value: '3118', Label: 'Desk 18' }),
    ]);
    const text = render('D717', '000413aabb01', values);
    expect(text).toBe(golden('d717-firmware.xml'));
    // Snom's order: phone settings, firmware settings, function keys; the values are the same.
    expect(new Map([...driver.parse(text)].sort())).toEqual(new Map([...values].sort()));
  });

  it('renders the registrar filter and call completion', () => {
    const values = new Map([
      ['sipFunction.general.SIPPeerFilterEnable', 'true'],
      ['settings.general.CallCompletionEnable', 'false'],
    ]);
    const text = render('D735', '000413aabbcc', values);
    expect(text).toBe(golden('d735-filter.xml'));
    expect(driver.parse(text)).toEqual(values);
  });

  it('renders the outbound proxy with its port, the codec list and the DST rule by week', () => {
    const values = new Map([
      ['account.1.register.OutboundProxy', 'sbc.example.com'],
      ['account.1.register.OutboundProxyPort', '5070'],
      ['account.1.codec.SIPPreferredVocoder', '9;0;8'],
      // The platform sends an unset proxy and port as '': no stray ':' is written.
      ['account.2.register.OutboundProxy', ''],
      ['account.2.register.OutboundProxyPort', ''],
      ['settings.timeDate.DSTType', '1'],
      ...['Start', 'End'].flatMap((edge, index) => [
        [`settings.timeDate.DST${edge}Month`, index === 0 ? '3' : '10'],
        [`settings.timeDate.DST${edge}Week`, '5'],
        [`settings.timeDate.DST${edge}Weekday`, '0'],
        [`settings.timeDate.DST${edge}Hour`, index === 0 ? '2' : '3'],
      ]),
      ['settings.timeDate.DSTOffset', '60'],
    ] as [string, string][]);
    const text = render('D735', '000413aabbcc', values);
    expect(text).toBe(golden('d735-composites.xml'));
    const read = driver.parse(text);
    // An empty port is not written, so it does not come back.
    expect(read).toEqual(
      new Map([...values].filter(([path]) => path !== 'account.2.register.OutboundProxyPort')),
    );
    // A port without a proxy is not written either; by date the edge is dd.mm.
    const byDate = render(
      'D735',
      '000413aabbcc',
      new Map([
        ['account.1.register.OutboundProxyPort', '5070'],
        ['settings.timeDate.DSTType', '0'],
        ['settings.timeDate.DSTStartDate', '25'],
        ['settings.timeDate.DSTOffset', '-30'],
      ]),
    );
    expect(byDate).not.toContain('user_outbound');
    expect(byDate).toContain('<dst perm="">-1800 25.03 02:00:00 01.11 02:00:00</dst>');
    expect(() => driver.parse(text.replace('g722,', 'speex,'))).toThrow(/line 6: codec_priority_list\[1\]/);
  });

  it('serves the model-wide file snom<model>.xml without settings', () => {
    const common = file('snomD785.xml');
    expect(common.models).toEqual(['D785']);
    const values = new Map([['settings.timeDate.SntpServer1', 'pool.ntp.org']]);
    expect(render('D785', '000413aabbcc', values, common)).toBe(golden('snomD785.xml'));
    expect(driver.parse(golden('snomD785.xml'))).toEqual(new Map());
  });

  it('reads Snom files written by hand: attribute order, quotes, comments, self-closing settings', () => {
    const text = [
      '<?xml version="1.0" encoding="utf-8"?>',
      '<settings>',
      '  <phone-settings>',
      "    <user_host perm='RW' idx='3'>pbx.example.com</user_host> <!-- identity 3 -->",
      '    <user_mailbox idx="3"/>',
      '    <vlan_id>7</vlan_id>',
      '  </phone-settings>',
      '  <function-keys>',
      '    <fkey perm="" label="Park" idx="9" context="active">orbit 700</fkey>',
      '  </function-keys>',
      '</settings>',
    ].join('\r\n');
    expect(driver.parse(text)).toEqual(
      new Map([
        ['account.3.register.ServerAddress', 'pbx.example.com'],
        ['account.3.advanced.TelephonyVmNumber', ''],
        ['network.ipParameter.VLANId', '7'],
        ['phoneKeys.programKey.10.Type', '14'],
        ['phoneKeys.programKey.10.Value', '700'],
        ['phoneKeys.programKey.10.Account', 'active'],
        ['phoneKeys.programKey.10.Label', 'Park'],
      ]),
    );
  });

  it('refuses another vendor’s file naming the line, and a Snom value without catalogue equivalent', () => {
    expect(() => driver.parse('#!version:1.0.0.1\naccount.1.enable = 1\n')).toThrow(
      'line 1: unexpected text outside an element',
    );
    expect(() => driver.parse('<?xml version="1.0"?>\n<gs_provision>\n</gs_provision>\n')).toThrow(
      'line 2: expected <settings>',
    );
    expect(() =>
      driver.parse(
        '<settings>\n<phone-settings>\n<user_savp idx="1">sometimes</user_savp>\n</phone-settings>\n</settings>',
      ),
    ).toThrow('line 3: user_savp[1]: unexpected value "sometimes"');
    expect(() =>
      driver.parse('<settings>\n<phone-settings>\n<vlan_id>1</vlan>\n</phone-settings>\n</settings>'),
    ).toThrow('line 3: </vlan> closes <vlan_id>');
    // A setting the driver does not map comes back as it is: the console names it 'Unknown parameter'.
    expect(
      driver.parse(
        '<settings><phone-settings><call_waiting idx="1">on</call_waiting></phone-settings></settings>',
      ),
    ).toEqual(new Map([['call_waiting[1]', 'on']]));
  });

  it('identifies D7xx User-Agents of several firmware generations, and no other vendor’s phone', () => {
    expect(driver.identify('Mozilla/4.0 (compatible; snomD785-SIP 10.1.73.16)')).toEqual({
      model: 'D785',
      firmware: '10.1.73.16',
      mac: undefined,
    });
    expect(driver.identify('Mozilla/4.0 (compatible; snomD712-SIP 8.9.3.60 OpenSSL)')?.firmware).toBe(
      '8.9.3.60',
    );
    expect(driver.identify('Mozilla/4.0 (compatible; snom760-SIP 8.7.5.35)')).toBeUndefined();
    expect(driver.identify('Yealink SIP-T46S 66.86.0.15 00:15:65:aa:bb:cc')).toBeUndefined();
  });

  it('fails the conformance kit when a catalogue parameter is neither mapped nor declared unsupported', () => {
    expect(coverageWithout(snomPackage, 'network')).toThrow(/network\.ipParameter\.StaticDNSEnable/);
  });

  it('has the mapping table its code generates in its README (npm run driver-tables)', () => {
    const { text, generated } = readme();
    expect(generated).toBe(text);
  });
});
