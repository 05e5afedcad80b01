import { coverageWithout, goldenDriver, keyValues, lineValues } from '@phonefleet/sdk/testing';
import { describe, expect, it } from 'vitest';
import grandstreamPackage from './index.js';

/** Golden files: checked by hand against Grandstream's P-value templates, compared byte for byte. */
const { driver, golden, render, readme } = goldenDriver(
  '@phonefleet/driver-grandstream',
  grandstreamPackage,
  new URL('..', import.meta.url),
);

describe('Grandstream golden files', () => {
  it('renders two accounts, BLF and speed-dial keys, VLAN, NTP, time zone and the provisioning URL', () => {
    const values = new Map([
      ...lineValues(1, {
        Enable: '1',
        Label: 'Reception',
        DisplayName: 'Reception Desk',
        UserName: '2001',
        RegisterName: '2001',
        Password: 's3cret<&>2001',
        ServerAddress: 'pbx.example.com',
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
        Transport: '2',
        RegisterExpires: '1800',
      }),
      ['account.1.advanced.SIPBlfListUri', 'sip:blf-reception@pbx.example.com'],
      ['account.2.advanced.SIPHideIdentityEnable', 'true'],
      ['account.2.advanced.SubscribeExpire', '1800'],
      ['network.ipParameter.VLANEnable', 'true'],
      ['network.ipParameter.VLANId', '20'],
      ['network.ipParameter.DataVLANId', '30'],
      ['provision.autoProvision.ProvisionUrl', 'https://console.example.com/prov'],
      ...keyValues('programKey', '1', { Type: '5', Account: '1', Value: '2010', Label: 'Alice' }),
      ...keyValues('programKey', '2', { Type: '5', Account: '2', Value: '2011', Label: 'Bob' }),
      ...keyValues('programKey', '8', { Type: '1', Account: '1', Value: '*97', Label: 'Voicemail' }),
      ...keyValues('programKey', '19', { Type: '5', Account: '2', Value: '2019', Label: 'Carol' }),
      ['settings.timeDate.SntpServer1', 'ntp1.example.com'],
      ['settings.timeDate.SntpServer2', 'ntp2.example.com'],
      ['settings.timeDate.TimeZone', '+01:00'],
      ['settings.timeDate.TimeFormat', '0'],
    ]);
    const text = render('GXP2160', '000b82aabbcc', values);
    expect(text).toBe(golden('gxp2160-office.xml'));
    expect(driver.parse(text)).toEqual(values);
  });

  it('renders the per-account SRTP, refresher, dial plan, SIPS, user=phone and intercom, MTU and NAT settings', () => {
    const values = new Map([
      ['account.1.advanced.SIPGroupSrtpWorkingMode', '1'],
      ['account.1.advanced.SIPGroupSessionTimerRefresher', '1'],
      ['account.1.advanced.SIPDigitMap', '{ x+ | *x+ }'],
      ['account.1.advanced.DigitMapTimer', '5'],
      ['account.2.advanced.SIPSipsUriEnable', 'true'],
      ['account.2.advanced.SipUserPhoneEnable', 'true'],
      ['account.4.advanced.SIPIntercomEnable', 'false'],
      ['account.6.advanced.SIPGroupSrtpWorkingMode', '2'],
      ['network.ipParameter.MTU', '1400'],
      ['network.natVpn.NatPublicIp', '198.51.100.7'],
      ['network.natVpn.NatKeepAliveInterval', '20'],
    ]);
    const text = render('GXP2160', '000b82aabbcc', values);
    expect(text).toBe(golden('gxp2160-advanced.xml'));
    expect(driver.parse(text)).toEqual(values);
  });

  it('renders a GRP2614 with a negative half-hour zone, a rounded-up registration period and the firmware URL', () => {
    const values = new Map([
      ...lineValues(1, {
        Enable: '1',
        UserName: '3001',
        RegisterName: '3001',
        Password: 'x',
        ServerAddress: '10.0.0.5',
        Transport: '1',
        RegisterExpires: '90',
      }),
      ...lineValues(4, {
        Enable: '1',
        UserName: '3004',
        RegisterName: '3004',
        Password: 'y',
        ServerAddress: '10.0.0.5',
      }),
      ['network.ipParameter.VLANEnable', 'true'],
      ['network.ipParameter.VLANId', '100'],
      ['provision.autoProvision.ProvisionUrl', 'http://192.0.2.10:8080/prov'],
      ...keyValues('programKey', '24', { Type: '5', Account: '4', Value: '3124', Label: 'Desk 24' }),
      ['settings.timeDate.SntpServer1', 'pool.ntp.org'],
      ['settings.timeDate.TimeZone', '-03:30'],
      ['maintenance.binaryUpdate.FirmwareUrl', 'http://192.0.2.10:8080/dl/fw/grp2614'],
    ]);
    const text = render('GRP2614', 'c074ad112233', values);
    expect(text).toBe(golden('grp2614-keys.xml'));
    // 90 s is written as 2 minutes, so it reads back as 120 s.
    expect(driver.parse(text)).toEqual(new Map([...values, ['account.1.register.RegisterExpires', '120']]));
  });

  it('refuses another vendor’s file naming the line, and a Grandstream value without catalogue equivalent', () => {
    expect(() => driver.parse('#!version:1.0.0.1\naccount.1.enable = 1\n')).toThrow(
      'line 1: expected <gs_provision version="1">',
    );
    expect(() =>
      driver.parse(
        '<gs_provision version="1">\n<config version="1">\n<P323>2</P323>\n</config>\n</gs_provision>',
      ),
    ).toThrow('line 3: P323: unexpected value "2"');
    expect(() =>
      driver.parse(
        '<gs_provision version="1">\n<config version="1">\n<P30>a&b</P30>\n</config>\n</gs_provision>',
      ),
    ).toThrow('line 3: unterminated entity "&b"');
    // A P-value the driver does not map comes back as it is: the console names it 'Unknown parameter'.
    expect(
      driver.parse('<gs_provision version="1"><config version="1"><P8387/></config></gs_provision>'),
    ).toEqual(new Map([['P8387', '']]));
  });

  it('renders the first Wi-Fi access point of a GRP2616, WPA-PSK written as WPA/WPA2 PSK', () => {
    const values = new Map([
      ['network.wifi.WifiEnable', 'true'],
      ['network.wifi.WifiSsid', 'Office & Guests'],
      ['network.wifi.WifiPassword', 's3cret<wifi>'],
      ['network.wifi.WifiSecurity', '3'],
    ]);
    const text = render('GRP2616', 'c074ad112233', values);
    expect(text).toBe(golden('grp2616-wifi.xml'));
    expect(driver.parse(text)).toEqual(values);
    const wpa = render('GRP2616', 'c074ad112233', new Map([['network.wifi.WifiSecurity', '2']]));
    expect(driver.parse(wpa).get('network.wifi.WifiSecurity')).toBe('3');
    expect(() => render('GRP2616', 'c074ad112233', new Map([['network.wifi.WifiSecurity', '4']]))).toThrow(
      'no Grandstream Wi-Fi security for "4"',
    );
  });

  it('renders DTMF switches, session timers, iLBC and silence suppression, call features, TLS range, a static address, OpenVPN and a DST rule', () => {
    const values = new Map([
      ['account.1.codec.iLBCFrameMode', '20'],
      ['account.1.codec.AudioVad', 'true'],
      ['account.1.codec.AudioPayloadTypes', '101;96'],
      ['account.1.advanced.SIPGroupServerType', '1'],
      ['account.1.advanced.SIPGroupDtmfMode', '3'],
      ['account.1.advanced.SIPGroupSessionTimer', '1800'],
      ['account.3.advanced.SIPGroupDtmfMode', '0'],
      ['account.3.advanced.SIPGroupSessionTimer', '0'],
      ['sipFunction.general.SIPLocalConfEnable', 'false'],
      ['sipFunction.general.SIPPeerToPeerEnable', 'true'],
      ['sipFunction.general.SIPDefaultAccount', '2'],
      ['sipFunction.general.SIPSslVersion', '102'],
      ['sipFunction.general.SIPRegisterRetry', '30'],
      ['sipFunction.general.SIPPaniEnable', 'false'],
      ['network.ipParameter.DHCPMode', 'Static'],
      ['network.ipParameter.IPAddress', '192.168.10.50'],
      ['network.ipParameter.SubnetMask', '255.255.255.0'],
      ['network.ipParameter.DefaultGateway', '192.168.10.1'],
      ['network.ipParameter.PrimaryDNS', '192.168.10.2'],
      ['network.ipParameter.SecondaryDNS', '9.9.9.9'],
      ['network.openVpn.OpenVpnEnable', 'true'],
      ['network.openVpn.OpenVpnUsername', 'vpn-user'],
      ['network.openVpn.OpenVpnPassword', 'vpn&pass'],
      ['settings.timeDate.TimeZone', '+01:00'],
      ['settings.timeDate.DSTEnable', '1'],
      ['settings.timeDate.DSTType', '1'],
      ['settings.timeDate.DSTStartMonth', '3'],
      ['settings.timeDate.DSTStartWeek', '5'],
      ['settings.timeDate.DSTStartWeekday', '0'],
      ['settings.timeDate.DSTStartHour', '2'],
      ['settings.timeDate.DSTEndMonth', '10'],
      ['settings.timeDate.DSTEndWeek', '5'],
      ['settings.timeDate.DSTEndWeekday', '0'],
      ['settings.timeDate.DSTEndHour', '3'],
      ['settings.timeDate.DSTOffset', '60'],
    ]);
    const text = render('GXP2160', '000b82aabbcc', values);
    expect(text).toBe(golden('gxp2160-dst-static.xml'));
    expect(driver.parse(text)).toEqual(values);
  });

  it('reads a POSIX rule written as Grandstream’s own zones are (hh:mm:ss times, DST offset left out)', () => {
    const file = (rule: string) =>
      `<gs_provision version="1"><config version="1">\n<P64>customize</P64>\n<P246>${rule}</P246>\n</config></gs_provision>`;
    expect(driver.parse(file('EST+5EDT,M3.2.0/02:00:00,M11.1.0/02:00:00'))).toEqual(
      new Map([
        ['settings.timeDate.TimeZone', '-05:00'],
        ['settings.timeDate.DSTEnable', '1'],
        ['settings.timeDate.DSTType', '1'],
        ['settings.timeDate.DSTStartMonth', '3'],
        ['settings.timeDate.DSTStartWeek', '2'],
        ['settings.timeDate.DSTStartWeekday', '0'],
        ['settings.timeDate.DSTStartHour', '2'],
        ['settings.timeDate.DSTEndMonth', '11'],
        ['settings.timeDate.DSTEndWeek', '1'],
        ['settings.timeDate.DSTEndWeekday', '0'],
        ['settings.timeDate.DSTEndHour', '2'],
        ['settings.timeDate.DSTOffset', '60'],
      ]),
    );
    expect(driver.parse(file('TZT-5:30')).get('settings.timeDate.TimeZone')).toBe('+05:30');
    // Grandstream's built-in US rules (no start and end) and by-date rules have no catalogue form.
    expect(() => driver.parse(file('PST8PDT'))).toThrow('line 3: P246: the DST part needs its start and end');
    expect(() => driver.parse(file('UTC-1DST,J60,J300'))).toThrow(
      'line 3: P246: expected a POSIX time zone rule',
    );
  });

  it('refuses what Grandstream cannot write: automatic or by-date DST, DTMF auto, a short session timer, three payload types, PPPoE', () => {
    const fails = (path: string, value: string) => () =>
      render('GXP2160', '000b82aabbcc', new Map([[path, value]]));
    expect(fails('settings.timeDate.DSTEnable', '2')).toThrow('no automatic daylight saving by location');
    expect(() =>
      render(
        'GXP2160',
        '000b82aabbcc',
        new Map([
          ['settings.timeDate.DSTEnable', '1'],
          ['settings.timeDate.DSTType', '0'],
        ]),
      ),
    ).toThrow('by week of the month, not by date');
    expect(fails('account.2.advanced.SIPGroupDtmfMode', '5')).toThrow(
      'no Grandstream DTMF switches for mode "5"',
    );
    expect(fails('account.2.advanced.SIPGroupSessionTimer', '60')).toThrow('90–64800 s, not 60');
    expect(fails('account.2.codec.AudioPayloadTypes', '101;96;97')).toThrow('two payload types 96–127');
    // Server types Grandstream has no Special Feature for are written Standard.
    expect(
      render('GXP2160', '000b82aabbcc', new Map([['account.2.advanced.SIPGroupServerType', '2']])),
    ).toContain('<P424>100</P424>');
    // A phone-wide setting is written to all six accounts and read back only when they agree.
    expect(() =>
      driver.parse(
        '<gs_provision version="1"><config version="1">\n<P138>30</P138>\n<P471>20</P471>\n</config></gs_provision>',
      ),
    ).toThrow('line 2: P138, P471: the accounts’ values differ');
    expect(() =>
      driver.parse('<gs_provision version="1"><config version="1">\n<P8>2</P8>\n</config></gs_provision>'),
    ).toThrow('line 2: P8: unexpected value "2"');
    expect(() =>
      driver.parse(
        '<gs_provision version="1"><config version="1">\n<P2401>1</P2401>\n<P2403>1</P2403>\n</config></gs_provision>',
      ),
    ).toThrow(
      'line 2: P2401, P2403: expected the three DTMF switches (in-audio, RFC 2833, SIP INFO) together',
    );
    expect(() =>
      driver.parse(
        '<gs_provision version="1"><config version="1">\n<P2401>1</P2401>\n<P2402>0</P2402>\n<P2403>1</P2403>\n</config></gs_provision>',
      ),
    ).toThrow('no catalogue DTMF mode for in-audio/RFC 2833/SIP INFO 1/0/1');
  });

  it('declares the settings whose accounts 5 and 6 P-values the templates disagree on', () => {
    expect(driver.parameters.map?.toVendor('account.4.advanced.DigitMapTimer', '5')?.[0]).toBe('P691');
    expect(driver.parameters.map?.entryFor('account.5.advanced.DigitMapTimer')).toBeUndefined();
    expect(() =>
      render('GXP2160', '000b82aabbcc', new Map([['account.5.advanced.DigitMapTimer', '5']])),
    ).toThrow();
  });

  it('fails the conformance kit when a catalogue parameter is neither mapped nor declared unsupported', () => {
    expect(coverageWithout(grandstreamPackage, 'settings')).toThrow(
      /GXP2160: \d+ parameters neither mapped nor unsupported, e\.g\. settings\./,
    );
  });

  it('has the mapping table its code generates in its README (npm run driver-tables)', () => {
    const { text, generated } = readme();
    expect(generated).toBe(text);
  });
});
