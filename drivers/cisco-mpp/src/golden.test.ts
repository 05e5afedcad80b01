import { coverageWithout, goldenDriver, keyValues, lineValues } from '@phonefleet/sdk/testing';
import { describe, expect, it } from 'vitest';
import ciscoPackage from './index.js';

/** Golden files: written by hand from Cisco's documented flat-profile syntax, compared byte for byte. */
const { driver, golden, file, render, readme } = goldenDriver(
  '@phonefleet/driver-cisco-mpp',
  ciscoPackage,
  new URL('..', import.meta.url),
);

describe('Cisco MPP golden files', () => {
  it('renders two extensions, BLF line keys, VLAN without LLDP-MED, NTP, time zone and the profile rule', () => {
    const values = new Map([
      ...lineValues(1, {
        Enable: '1',
        DisplayName: 'Reception Desk',
        UserName: '2001',
        RegisterName: 'auth2001',
        Password: 's3cret<2001> & "more"',
        ServerAddress: 'pbx.example.com',
        Transport: '0',
        RegisterExpires: '3600',
      }),
      ...lineValues(2, {
        Enable: '1',
        DisplayName: 'Sales Line',
        UserName: '2002',
        Password: 'pass 2002',
        ServerAddress: 'pbx.example.com',
        ServerPort: '5080',
        Transport: '2',
        RegisterExpires: '1800',
        OutboundProxy: 'sbc.example.com',
      }),
      ['network.ipParameter.VLANEnable', 'true'],
      ['network.ipParameter.VLANId', '20'],
      ['network.ipParameter.DataVLANEnable', 'true'],
      ['network.ipParameter.DataVLANId', '30'],
      ['network.lldp.LldpVlanEnable', 'false'],
      ['provision.autoProvision.ProvisionUrl', 'https://console.example.com/prov'],
      ['provision.autoProvision.ProvisionPollingTimeout', '3600'],
      ['settings.timeDate.SntpServer1', 'ntp1.example.com'],
      ['settings.timeDate.SntpServer2', 'ntp2.example.com'],
      ['settings.timeDate.TimeZone', '+01:00'],
      ...keyValues('programKey', '1', { Account: '1', Label: 'Reception' }),
      ...keyValues('programKey', '2', { Account: '2', Label: 'Sales' }),
      ...keyValues('programKey', '3', {
        Value: 'fnc=blf+sd+cp;sub=2010@$PROXY;nme=Alice',
        Label: 'Alice',
      }),
      ...keyValues('programKey', '4', {
        Value: 'fnc=blf+sd+cp;sub=2011@$PROXY;nme=Bob',
        Label: 'Bob',
      }),
    ]);
    const text = render('CP-8841', '00562b043615', values);
    expect(text).toBe(golden('cp8841-office.xml'));
    expect(driver.parse(text)).toEqual(values);
  });

  it('renders a static address with its own DNS, STUN and NAT mapping, no PC port, a negative half-hour zone, DTMF, TR-069, the last key of a 7861 and the firmware rule', () => {
    const values = new Map([
      ...lineValues(1, {
        Enable: '1',
        UserName: '3001',
        Password: 'x',
        ServerAddress: '10.0.0.5',
        NatTraversal: '1',
      }),
      ['account.1.advanced.SIPGroupDtmfMode', '2'],
      ...lineValues(2, { Enable: '0', UserName: '3002', ServerAddress: '10.0.0.5' }),
      ['account.2.advanced.SIPGroupDtmfMode', '1'],
      ['network.ipParameter.DHCPMode', 'Static'],
      ['network.ipParameter.IPAddress', '192.0.2.50'],
      ['network.ipParameter.SubnetMask', '255.255.255.0'],
      ['network.ipParameter.DefaultGateway', '192.0.2.1'],
      ['network.ipParameter.PrimaryDNS', '192.0.2.53'],
      ['sipFunction.general.SIPPeerFilterEnable', 'true'],
      ['network.ipParameter.StaticDNSEnable', 'true'],
      ['network.port.PcPortEnable', 'false'],
      ['network.natVpn.NatTraversalMode', '2'],
      ['network.natVpn.NatStunServer', 'stun.example.com'],
      ['network.natVpn.NatPublicIp', '203.0.113.7'],
      ['provision.autoProvision.ProvisionUrl', 'http://192.0.2.10:8080/prov'],
      ['provision.tr069.Tr069Enable', 'true'],
      ['provision.tr069.Tr069AcsUrl', 'https://acs.example.com:7547/cwmp'],
      ['provision.tr069.Tr069AcsUsername', 'cpe-7861'],
      ['provision.tr069.Tr069AcsPassword', 'acs&pass'],
      ['provision.tr069.Tr069PeriodicInformEnable', 'true'],
      ['provision.tr069.Tr069PeriodicInformInterval', '3600'],
      ['provision.tr069.Tr069ConnRequestUsername', 'acs'],
      ['provision.tr069.Tr069ConnRequestPassword', 'cr<pass>'],
      ['settings.timeDate.SntpServer1', 'pool.ntp.org'],
      ['settings.timeDate.TimeZone', '-03:30'],
      ['maintenance.binaryUpdate.FirmwareUrl', 'http://192.0.2.10:8080/dl/fw/sip78xx.12-0-1MPP-1.loads'],
      ...keyValues('programKey', '16', { Value: 'fnc=sd;ext=3116@$PROXY', Label: 'Desk 16' }),
    ]);
    const text = render('CP-7861', '00562b0a0b0c', values);
    expect(text).toBe(golden('cp7861-firmware.xml'));
    expect(driver.parse(text)).toEqual(values);
  });

  it('renders the alternate proxies with dual registration, the extension features and privacy headers, SIP timers and the date order', () => {
    const values = new Map([
      ...lineValues(1, {
        Enable: '1',
        UserName: '4001',
        ServerAddress: 'pbx.example.com',
        BackupServerAddress: 'pbx2.example.com',
        BackupServerPort: '5062',
        BackupOutboundProxy: 'sbc2.example.com',
      }),
      ['account.1.codec.AudioVad', 'true'],
      ['account.1.advanced.SIPMessageWaitingIndicationUri', 'vm.example.com:5060'],
      ['account.1.advanced.SIPNConfUri', 'conf@pbx.example.com'],
      ['account.1.advanced.SIPServerKeepAliveEnable', 'true'],
      ['account.1.advanced.SIPVqCollectorUri', 'collector@vq.example.com'],
      ['account.1.advanced.SIPDigitMap', '(<9:>xxxx.|*xx|[3469]11)'],
      ['account.1.advanced.SIPPrivacyMode', '1'],
      ['account.1.advanced.SipUserPhoneEnable', 'false'],
      ['account.1.advanced.SIPSlaEnable', 'true'],
      ['account.1.advanced.SwitchoverTimer', '600'],
      ...lineValues(2, {
        Enable: '1',
        UserName: '4002',
        ServerAddress: 'pbx.example.com',
        BackupOutboundProxy: 'sbc2.example.com',
        BackupOutboundProxyPort: '5070',
      }),
      ['account.2.codec.AudioVad', 'false'],
      ['account.2.advanced.SIPServerKeepAliveEnable', 'false'],
      ['account.2.advanced.SIPPrivacyMode', '2'],
      ['account.2.advanced.SIPSlaEnable', 'false'],
      ['sipFunction.general.SIPRegisterRetry', '60'],
      ['sipFunction.general.SIPMaxCall', '3'],
      ['sipFunction.general.SIPLocalConfEnable', 'true'],
      ['sipFunction.general.SIPSslVersion', '102'],
      ['sipFunction.general.SIPRfc2543HoldEnable', 'false'],
      ['network.natVpn.NatKeepAliveInterval', '20'],
      ['provision.autoProvision.ProvisionPollingEnable', 'false'],
      ['settings.timeDate.DateFormat', '2'],
    ]);
    const text = render('CP-8861', '00562b0c0d0e', values);
    expect(text).toBe(golden('cp8861-extension-features.xml'));
    expect(driver.parse(text)).toEqual(values);
  });

  it('leaves out the alternate proxies when dual registration is No, writes polling as its period, an exact TLS version as a minimum and day-first dates day/month', () => {
    const profile = [
      '<flat-profile>',
      '  <Alternate_Proxy_3_>pbx2.example.com</Alternate_Proxy_3_>',
      '  <Alternate_Outbound_Proxy_3_>sbc2.example.com</Alternate_Outbound_Proxy_3_>',
      '  <Dual_Registration_3_>No</Dual_Registration_3_>',
      '  <Alternate_Proxy_4_>pbx4.example.com</Alternate_Proxy_4_>',
      '  <Dual_Registration_4_>Yes</Dual_Registration_4_>',
      '</flat-profile>',
    ].join('\n');
    expect(driver.parse(profile)).toEqual(
      new Map([['account.4.register.BackupServerAddress', 'pbx4.example.com']]),
    );
    const empty = render('CP-8841', '00562b043615', new Map(lineValues(1, { BackupServerAddress: '' })));
    expect(empty).toContain('<Alternate_Proxy_1_></Alternate_Proxy_1_>');
    expect(empty).not.toContain('Dual_Registration');
    // Polling on with a period writes the period; the switch on is implied when read back.
    const polling = render(
      'CP-8841',
      '00562b043615',
      new Map([
        ['provision.autoProvision.ProvisionPollingEnable', 'true'],
        ['provision.autoProvision.ProvisionPollingTimeout', '7200'],
      ]),
    );
    expect(polling).toContain('<Resync_Periodic>7200</Resync_Periodic>');
    expect(driver.parse(polling)).toEqual(
      new Map([['provision.autoProvision.ProvisionPollingTimeout', '7200']]),
    );
    // Cisco sets a lowest TLS version only: "exactly TLS 1.1" is written, and read back, as "TLS 1.1 or later".
    const tls = render('CP-8841', '00562b043615', new Map([['sipFunction.general.SIPSslVersion', '1']]));
    expect(tls).toContain('<TLS_Client_Min_Version>TLS 1.1</TLS_Client_Min_Version>');
    expect(driver.parse(tls)).toEqual(new Map([['sipFunction.general.SIPSslVersion', '101']]));
    for (const [format, order] of [
      ['0', 'month/day'],
      ['3', 'month/day'],
      ['4', 'day/month'],
      ['5', 'day/month'],
    ] as const) {
      const text = render('CP-8841', '00562b043615', new Map([['settings.timeDate.DateFormat', format]]));
      expect(text).toContain(`<Date_Format>${order}</Date_Format>`);
    }
  });

  it('writes a server without a port, or an empty outbound proxy, with no colon', () => {
    const values = new Map(
      lineValues(1, {
        ServerAddress: 'pbx.example.com',
        ServerPort: '',
        OutboundProxy: '',
        OutboundProxyPort: '',
      }),
    );
    const text = render('CP-8841', '00562b043615', values);
    expect(text).toContain('<Proxy_1_>pbx.example.com</Proxy_1_>');
    expect(text).toContain('<Outbound_Proxy_1_></Outbound_Proxy_1_>');
    expect(driver.parse(text)).toEqual(
      new Map([
        ['account.1.register.ServerAddress', 'pbx.example.com'],
        ['account.1.register.OutboundProxy', ''],
      ]),
    );
  });

  it('spreads the codec list over the three preference slots (Opus, iLBC and G.722.2 too), leaving out codecs Cisco has no name for', () => {
    const text = render(
      'CP-8841',
      '00562b043615',
      new Map([['account.1.codec.SIPPreferredVocoder', '9;4;125;2;0;8;18']]),
    );
    expect(text).toContain(
      '  <Preferred_Codec_1_>G722</Preferred_Codec_1_>\n  <Second_Preferred_Codec_1_>OPUS</Second_Preferred_Codec_1_>\n  <Third_Preferred_Codec_1_>G711u</Third_Preferred_Codec_1_>',
    );
    expect(driver.parse(text)).toEqual(new Map([['account.1.codec.SIPPreferredVocoder', '9;125;0']]));
    const wideband = render(
      'CP-8841',
      '00562b043615',
      new Map([['account.3.codec.SIPPreferredVocoder', '112;98']]),
    );
    expect(wideband).toContain('<Preferred_Codec_3_>G722.2</Preferred_Codec_3_>');
    expect(wideband).toContain('<Second_Preferred_Codec_3_>iLBC</Second_Preferred_Codec_3_>');
    const two = render('CP-8841', '00562b043615', new Map([['account.2.codec.SIPPreferredVocoder', '18;0']]));
    expect(two).toContain('<Third_Preferred_Codec_2_>Unspecified</Third_Preferred_Codec_2_>');
    expect(() =>
      driver.parse('<flat-profile>\n<Preferred_Codec_1_>G726-32</Preferred_Codec_1_>\n</flat-profile>'),
    ).toThrow('line 2: Preferred_Codec_1_: unexpected codec "G726-32"');
  });

  it('writes the daylight-saving rule, the syslog server with its port and the 12-hour clock', () => {
    const values = new Map([
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
      ['settings.timeDate.TimeFormat', '1'],
      ['maintenance.logCollection.SyslogServer', 'logs.example.com'],
      ['maintenance.logCollection.SyslogPort', '1514'],
    ]);
    const text = render('CP-8841', '00562b043615', values);
    expect(text).toBe(golden('cp8841-dst.xml'));
    expect(driver.parse(text)).toEqual(values);
  });

  it('reads a rule by date, the last week, a half-hour saving, and refuses a rule the catalogue cannot hold', () => {
    const profile = (rule: string) =>
      `<flat-profile>\n<Daylight_Saving_Time_Rule>${rule}</Daylight_Saving_Time_Rule>\n</flat-profile>`;
    expect(driver.parse(profile('start=4/1/0/0;end=10/31/0/3;save=0:30'))).toEqual(
      new Map([
        ['settings.timeDate.DSTType', '0'],
        ['settings.timeDate.DSTStartMonth', '4'],
        ['settings.timeDate.DSTStartDate', '1'],
        ['settings.timeDate.DSTStartHour', '0'],
        ['settings.timeDate.DSTEndMonth', '10'],
        ['settings.timeDate.DSTEndDate', '31'],
        ['settings.timeDate.DSTEndHour', '3'],
        ['settings.timeDate.DSTOffset', '30'],
      ]),
    );
    expect(
      driver.parse(profile('start=3/-1/7/2;end=10/-1/7/3;save=1')).get('settings.timeDate.DSTStartWeek'),
    ).toBe('5');
    expect(() => driver.parse(profile('start=3/10/7/2;end=10/-1/7/3;save=1'))).toThrow(
      'line 2: Daylight_Saving_Time_Rule: day 10 is not the start of a week or the last week',
    );
    expect(() => driver.parse(profile('start=3/8/7/2;end=10/31/0/3;save=1'))).toThrow(
      'start and end must both be by date or both by week',
    );
  });

  it('serves the model-wide file $PSN.xml with only the rule to the phone’s own file', () => {
    const common = file('8841-3PCC.xml');
    expect(common.models).toEqual(['CP-8841']);
    const values = new Map([
      ['provision.autoProvision.ProvisionUrl', 'https://console.example.com/prov'],
      ['provision.autoProvision.ProvisionPollingTimeout', '3600'],
      ['settings.timeDate.SntpServer1', 'pool.ntp.org'],
      ...lineValues(1, { UserName: '2001', Password: 'secret' }),
    ]);
    const text = render('CP-8841', '00562b043615', values, common);
    expect(text).toBe(golden('8841-3PCC.xml'));
    expect(driver.parse(text)).toEqual(
      new Map([
        ['provision.autoProvision.ProvisionUrl', 'https://console.example.com/prov'],
        ['provision.autoProvision.ProvisionPollingTimeout', '3600'],
      ]),
    );
  });

  it('reads profiles written by hand: ua attributes, comments, empty elements, switches set to No', () => {
    const text = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<flat-profile>',
      '  <!-- extension 3 -->',
      '  <Proxy_3_ ua="na">pbx.example.com</Proxy_3_>',
      "  <Auth_ID_3_ ua='rw'>auth3</Auth_ID_3_>",
      '  <Use_Auth_ID_3_>No</Use_Auth_ID_3_>',
      '  <Extension_5_>Disabled</Extension_5_>',
      '  <Short_Name_5_ ua="rw"/>',
      '  <Enable_VLAN>Yes</Enable_VLAN>',
      '</flat-profile>',
    ].join('\r\n');
    expect(driver.parse(text)).toEqual(
      new Map([
        ['account.3.register.ServerAddress', 'pbx.example.com'],
        ['phoneKeys.programKey.5.Label', ''],
        ['network.ipParameter.VLANEnable', 'true'],
      ]),
    );
  });

  it('refuses another vendor’s file naming the line, and a Cisco value without catalogue equivalent', () => {
    expect(() => driver.parse('#!version:1.0.0.1\naccount.1.enable = 1\n')).toThrow(
      'line 1: unexpected text outside an element',
    );
    expect(() => driver.parse('<?xml version="1.0"?>\n<settings>\n</settings>\n')).toThrow(
      'line 2: expected <flat-profile>',
    );
    expect(() =>
      driver.parse(
        '<flat-profile>\n<Enable_VLAN>No</Enable_VLAN>\n<SIP_Transport_1_>SCTP</SIP_Transport_1_>\n</flat-profile>',
      ),
    ).toThrow('line 3: SIP_Transport_1_: unexpected value "SCTP"');
    expect(() =>
      driver.parse('<flat-profile>\n<Profile_Rule>tftp://10.0.0.1/$PSN.xml</Profile_Rule>\n</flat-profile>'),
    ).toThrow('line 2: Profile_Rule: unexpected value "tftp://10.0.0.1/$PSN.xml"');
    expect(() =>
      driver.parse('<flat-profile>\n<Use_Auth_ID_1_>maybe</Use_Auth_ID_1_>\n</flat-profile>'),
    ).toThrow('line 2: Use_Auth_ID_1_: unexpected value "maybe"');
    expect(() => driver.parse('<flat-profile>\n<VLAN_ID>1</VLAN>\n</flat-profile>')).toThrow(
      'line 2: </VLAN> closes <VLAN_ID>',
    );
    // An element the driver does not map comes back as it is: the console names it 'Unknown parameter'.
    expect(driver.parse('<flat-profile><Back_Light_Timer>30s</Back_Light_Timer></flat-profile>')).toEqual(
      new Map([['Back_Light_Timer', '30s']]),
    );
    expect(() =>
      driver.parse('<flat-profile>\n<Share_Ext_1_>shared</Share_Ext_1_>\n</flat-profile>'),
    ).toThrow('line 2: Share_Ext_1_: unexpected value "shared"');
    expect(() =>
      driver.parse('<flat-profile>\n<Date_Format>year/month</Date_Format>\n</flat-profile>'),
    ).toThrow('line 2: Date_Format: unexpected value "year/month"');
  });

  it('writes the NAT mode as STUN on or off and refuses ICE, which Cisco lacks', () => {
    const nat = (mode: string) =>
      render('CP-8841', '00562b043615', new Map([['network.natVpn.NatTraversalMode', mode]]));
    expect(nat('1')).toContain('<STUN_Enable>No</STUN_Enable>');
    expect(driver.parse(nat('0'))).toEqual(new Map([['network.natVpn.NatTraversalMode', '0']]));
    expect(() => nat('3')).toThrow('Cisco has no NAT traversal mode "3" (ICE)');
  });

  it('writes a line’s NAT and STUN traversal as NAT mapping on, disable as off, reads Yes as NAT and refuses ICE', () => {
    const line = (mode: string) =>
      render('CP-8841', '00562b043615', new Map(lineValues(1, { NatTraversal: mode })));
    expect(line('2')).toContain('<NAT_Mapping_Enable_1_>Yes</NAT_Mapping_Enable_1_>');
    expect(driver.parse(line('2'))).toEqual(new Map(lineValues(1, { NatTraversal: '1' })));
    expect(line('0')).toContain('<NAT_Mapping_Enable_1_>No</NAT_Mapping_Enable_1_>');
    expect(() => line('3')).toThrow('Cisco has no NAT traversal mode "3" for an extension (ICE)');
  });

  it('writes no privacy as Disabled, refuses id and header together, and Cisco values the catalogue lacks', () => {
    const privacy = (mode: string) =>
      render('CP-8841', '00562b043615', new Map([['account.3.advanced.SIPPrivacyMode', mode]]));
    expect(privacy('0')).toContain('<Privacy_Header_3_>Disabled</Privacy_Header_3_>');
    expect(() => privacy('3')).toThrow('Cisco has no privacy header for mode "3"');
    expect(() =>
      driver.parse('<flat-profile>\n<Privacy_Header_1_>session</Privacy_Header_1_>\n</flat-profile>'),
    ).toThrow('line 2: Privacy_Header_1_: unexpected value "session"');
  });

  it('identifies MPP User-Agents of several firmware generations, and no other phone', () => {
    expect(driver.identify('Cisco-CP-8841-3PCC/11.3.7 (00562b043615)')).toEqual({
      model: 'CP-8841',
      firmware: '11.3.7',
      mac: '00562b043615',
    });
    expect(driver.identify('Cisco-CP-7821-3PCC/11.0.1 (00562B0A1B2C)')?.mac).toBe('00562b0a1b2c');
    expect(driver.identify('Cisco-CP-8861-3PCC/12.0.1 (00562b0a1b2d)')?.firmware).toBe('12.0.1');
    expect(driver.identify('Cisco/CP-6841-3PCC-11.3.1')?.model).toBe('CP-6841');
    // A conference phone and enterprise firmware are not this driver's.
    expect(driver.identify('Cisco-CP-7832-3PCC/11.0.1 (00562b043615)')).toBeUndefined();
    expect(driver.identify('Cisco-CP-8841/12.8.1 (00562b043615)')).toBeUndefined();
    expect(driver.identify('Cisco/SPA504G-7.6.2c (88755A1B2C3D)')).toBeUndefined();
    expect(driver.identify('Yealink SIP-T46S 66.86.0.15 00:15:65:aa:bb:cc')).toBeUndefined();
  });

  it('fails the conformance kit when a catalogue parameter is neither mapped nor declared unsupported', () => {
    expect(coverageWithout(ciscoPackage, 'network')).toThrow(/network\.ipParameter\.DHCPUserClassEnable/);
  });

  it('has the mapping table its code generates in its README (npm run driver-tables)', () => {
    const { text, generated } = readme();
    expect(generated).toBe(text);
  });
});
