import { coverageWithout, goldenDriver, keyValues, lineValues } from '@phonefleet/sdk/testing';
import { describe, expect, it } from 'vitest';
import yealinkPackage from './index.js';

/** Golden files: written by hand from Yealink's documented `.cfg` syntax, compared byte for byte. */
const { driver, golden, file, render, readme } = goldenDriver(
  '@phonefleet/driver-yealink',
  yealinkPackage,
  new URL('..', import.meta.url),
);

describe('Yealink golden files', () => {
  it('renders two accounts, BLF and speed-dial keys, VLAN, NTP, time zone and the provisioning URL', () => {
    const values = new Map([
      ...lineValues(1, {
        Enable: '1',
        Label: 'Reception',
        DisplayName: 'Reception Desk',
        UserName: '2001',
        RegisterName: '2001',
        Password: 's3cret=2001#',
        ServerAddress: 'pbx.example.com',
        ServerPort: '5060',
        Transport: '0',
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
        ServerPort: '5061',
        Transport: '2',
        RegisterExpires: '1800',
      }),
      ['network.ipParameter.VLANEnable', 'true'],
      ['network.ipParameter.VLANId', '20'],
      ['network.ipParameter.DataVLANEnable', 'true'],
      ['network.ipParameter.DataVLANId', '30'],
      ['provision.autoProvision.ProvisionUrl', 'https://console.example.com/prov'],
      ['provision.autoProvision.ProvisionPollingEnable', 'true'],
      ...keyValues('programKey', '3', { Type: '5', Account: '1', Value: '2010', Label: 'Alice' }),
      ...keyValues('programKey', '4', { Type: '5', Account: '2', Value: '2011', Label: 'Bob' }),
      ...keyValues('programKey', '5', { Type: '1', Account: '1', Value: '*97', Label: 'Voicemail' }),
      ['settings.timeDate.SntpServer1', 'ntp1.example.com'],
      ['settings.timeDate.SntpServer2', 'ntp2.example.com'],
      ['settings.timeDate.TimeZone', '+01:00'],
      ['settings.timeDate.DSTEnable', '2'],
      ['settings.timeDate.TimeFormat', '0'],
    ]);
    const text = render('T46S', '001565aabbcc', values);
    expect(text).toBe(golden('t46s-office.cfg'));
    expect(driver.parse(text)).toEqual(values);
  });

  it('renders expansion-module BLF keys, a negative half-hour zone and the firmware URL', () => {
    const values = new Map([
      ...lineValues(1, {
        Enable: '1',
        UserName: '3001',
        RegisterName: '3001',
        Password: 'x',
        ServerAddress: '10.0.0.5',
        ServerPort: '5060',
        Transport: '1',
      }),
      ...lineValues(2, {
        Enable: '1',
        UserName: '3002',
        RegisterName: '3002',
        Password: 'y',
        ServerAddress: '10.0.0.5',
        ServerPort: '5060',
        Transport: '1',
      }),
      ['network.ipParameter.VLANEnable', 'true'],
      ['network.ipParameter.VLANId', '100'],
      ['provision.autoProvision.ProvisionUrl', 'http://192.0.2.10:8080/prov'],
      ...keyValues('extKey', 'Aom1ProgKey.1', { Type: '5', Account: '1', Value: '3101', Label: 'Desk 1' }),
      ...keyValues('extKey', 'Aom2ProgKey.20', { Type: '5', Account: '2', Value: '3120', Label: 'Desk 20' }),
      ['settings.timeDate.SntpServer1', 'pool.ntp.org'],
      ['settings.timeDate.TimeZone', '-03:30'],
      ['settings.timeDate.DSTEnable', '0'],
      ['maintenance.binaryUpdate.FirmwareUrl', 'http://192.0.2.10:8080/dl/fw/T54W-96.86.0.70.rom'],
    ]);
    const text = render('T54W', '805ec0aabb01', values);
    expect(text).toBe(golden('t54w-expansion.cfg'));
    expect(driver.parse(text)).toEqual(values);
  });

  it('renders trusted-server filtering, local conference, calls per line key, server types, a static NAT address and the polling period', () => {
    const values = new Map([
      ['account.1.advanced.SIPGroupServerType', '1'],
      ['account.2.advanced.SIPGroupServerType', '0'],
      ['sipFunction.general.SIPPeerFilterEnable', 'true'],
      ['sipFunction.general.SIPLocalConfEnable', 'false'],
      ['sipFunction.general.SIPMaxCall', '3'],
      ['network.natVpn.NatPublicIp', '198.51.100.7'],
      ['provision.autoProvision.ProvisionPollingEnable', 'true'],
      ['provision.autoProvision.ProvisionPollingTimeout', '86400'],
    ]);
    const text = render('T46S', '001565aabbcc', values);
    expect(text).toBe(golden('t46s-trust.cfg'));
    expect(driver.parse(text)).toEqual(values);
    // 90 s is rounded up to 2 minutes, read back as 120 s.
    const rounded = render(
      'T46S',
      '001565aabbcc',
      new Map([['provision.autoProvision.ProvisionPollingTimeout', '90']]),
    );
    expect(driver.parse(rounded).get('provision.autoProvision.ProvisionPollingTimeout')).toBe('120');
    // A server type Yealink lacks (3CX) is written as Yealink's Default and read back as standard SIP.
    const threeCx = render('T46S', '001565aabbcc', new Map([['account.3.advanced.SIPGroupServerType', '6']]));
    expect(threeCx).toContain('account.3.sip_server_type = 0\n');
    expect(driver.parse(threeCx).get('account.3.advanced.SIPGroupServerType')).toBe('0');
  });

  it('reads an account digit map turned off as empty, and refuses a switch that is not 0 or 1', () => {
    const cfg = (lines: string[]) => ['#!version:1.0.0.1', ...lines, ''].join('\n');
    expect(
      driver.parse(
        cfg(['account.3.dialplan.digitmap.enable = 0', 'account.3.dialplan.digitmap.string = xx.T']),
      ),
    ).toEqual(new Map([['account.3.advanced.SIPDigitMap', '']]));
    expect(driver.parse(cfg(['account.4.dialplan.digitmap.string = 1xxT']))).toEqual(
      new Map([['account.4.advanced.SIPDigitMap', '1xxT']]),
    );
    expect(() => driver.parse(cfg(['account.1.dialplan.digitmap.enable = yes']))).toThrow(
      'unexpected value "yes"',
    );
  });

  it('renders the codec list as enable/priority pairs, digit maps with their timer, NAT by STUN and a DST rule by week', () => {
    const values = new Map([
      ['account.1.codec.SIPPreferredVocoder', '9;0;8'],
      ['account.1.advanced.SIPDigitMap', '[2-9]11|0T|<9:>xxxxxxx.T|**x.T'],
      ['account.1.advanced.DigitMapTimer', '4'],
      ['account.2.advanced.SIPDigitMap', ''],
      ['network.natVpn.NatTraversalMode', '2'],
      ['network.natVpn.NatStunServer', 'stun.example.com'],
      ['settings.timeDate.DSTEnable', '1'],
      ['settings.timeDate.DSTType', '1'],
      ...['Start', 'End'].flatMap((edge, index) => [
        [`settings.timeDate.DST${edge}Month`, index === 0 ? '3' : '10'],
        [`settings.timeDate.DST${edge}Week`, '5'],
        [`settings.timeDate.DST${edge}Weekday`, '0'],
        [`settings.timeDate.DST${edge}Hour`, index === 0 ? '1' : '2'],
      ]),
      ['settings.timeDate.DSTOffset', '60'],
    ] as [string, string][]);
    const text = render('T46S', '001565aabbcc', values);
    expect(text).toBe(golden('t46s-composites.cfg'));
    expect(driver.parse(text)).toEqual(values);
    // iLBC has two Yealink rates and no single name: it is left out, the others keep their order.
    const withIlbc = render(
      'T46S',
      '001565aabbcc',
      new Map([['account.2.codec.SIPPreferredVocoder', '98;8']]),
    );
    expect(withIlbc).toContain('account.2.codec.pcma.priority = 1\n');
    expect(driver.parse(withIlbc).get('account.2.codec.SIPPreferredVocoder')).toBe('8');
    // An empty list (the platform's unset value) writes no codec keys.
    const unset = render('T46S', '001565aabbcc', new Map([['account.1.codec.SIPPreferredVocoder', '']]));
    expect(unset).not.toContain('codec');
    // By date the edge is month/day/hour.
    const byDate = render(
      'T46S',
      '001565aabbcc',
      new Map([
        ['settings.timeDate.DSTType', '0'],
        ['settings.timeDate.DSTStartDate', '25'],
      ]),
    );
    expect(byDate).toContain('local_time.start_time = 3/25/2\nlocal_time.end_time = 11/1/2\n');
  });

  it('serves the model-wide file with the header only', () => {
    const common = file('y000000000066.cfg');
    expect(common.models).toEqual(['T46S']);
    const values = new Map([['settings.timeDate.SntpServer1', 'pool.ntp.org']]);
    expect(render('T46S', '001565aabbcc', values, common)).toBe(golden('y000000000066.cfg'));
    expect(file('y000000000095.cfg').models).toEqual(['T53', 'T53W']);
  });

  it('refuses another vendor’s file naming the line, and a Yealink value without catalogue equivalent', () => {
    expect(() => driver.parse('<settings>\n<setting id="a" value="1"/>\n</settings>')).toThrow(
      'line 1: expected #!version:1.0.0.1',
    );
    expect(() => driver.parse('#!version:1.0.0.1\nstatic.network.internet_port.type = 1\n')).toThrow(
      'line 2: static.network.internet_port.type: unexpected value "1"',
    );
    // A key the driver does not map comes back as it is: the console names it 'Unknown parameter'.
    expect(driver.parse('#!version:1.0.0.1\nfeatures.fwd_mode = 0\n')).toEqual(
      new Map([['features.fwd_mode', '0']]),
    );
  });

  it('fails the conformance kit when a catalogue parameter is neither mapped nor declared unsupported', () => {
    expect(coverageWithout(yealinkPackage, 'network.xvpn')).toThrow(/network\.xvpn\.XvpnEnable/);
  });

  it('has the mapping table its code generates in its README (npm run driver-tables)', () => {
    const { text, generated } = readme();
    expect(generated).toBe(text);
  });
});
