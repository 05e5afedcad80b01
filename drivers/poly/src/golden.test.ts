import { coverageWithout, goldenDriver, lineValues } from '@phonefleet/sdk/testing';
import { describe, expect, it } from 'vitest';
import polyPackage from './index.js';

/** Golden files: written by hand from UC Software's documented XML syntax, compared byte for byte. */
const { driver, golden, file, render, readme } = goldenDriver(
  '@phonefleet/driver-poly',
  polyPackage,
  new URL('..', import.meta.url),
);

describe('Poly golden files', () => {
  it('renders two registrations with their servers, a VLAN, NTP, a time zone and the syslog server', () => {
    const values = new Map([
      ...lineValues(1, {
        Label: 'Reception',
        DisplayName: 'Reception Desk',
        UserName: '2001',
        RegisterName: '2001',
        Password: 's3cret<2001> & "more"',
        ServerAddress: 'pbx.example.com',
        ServerPort: '5061',
        Transport: '2',
        RegisterExpires: '3600',
        BackupServerAddress: 'pbx2.example.com',
        BackupServerPort: '5061',
        BackupTransport: '2',
      }),
      ...lineValues(2, {
        DisplayName: 'Sales Line',
        UserName: '2002',
        RegisterName: '2002',
        Password: 'pass 2002',
        ServerAddress: 'pbx.example.com',
        Transport: '0',
      }),
      ['account.2.advanced.SIPSlaEnable', '1'],
      ['network.ipParameter.VLANId', '20'],
      ['settings.timeDate.SntpServer1', 'ntp1.example.com'],
      ['settings.timeDate.TimeZone', '-03:30'],
      ['provision.autoProvision.ProvisionPollingTimeout', '86400'],
      ['maintenance.logCollection.SyslogServer', 'syslog.example.com'],
    ]);
    const text = render('VVX_450', '64167faabbcc', values);
    expect(text).toBe(golden('vvx450-office.cfg'));
    expect(driver.parse(text)).toEqual(values);
  });

  it('renders the outbound proxy, MWI subscription, static network, provisioning server and window, and DST rules', () => {
    const values = new Map([
      ...lineValues(1, { UserName: '2001', OutboundProxy: 'sbc.example.com', OutboundProxyPort: '5070' }),
      ['account.1.advanced.SIPMessageWaitingIndicationUri', 'sip:vm@pbx.example.com'],
      ['sipFunction.general.RTPLocalPort', '2222'],
      ['sipFunction.general.SIPRfc2543HoldEnable', 'true'],
      ['network.ipParameter.DHCPMode', 'Static'],
      ['network.ipParameter.IPAddress', '192.0.2.10'],
      ['network.ipParameter.SubnetMask', '255.255.255.0'],
      ['network.ipParameter.DefaultGateway', '192.0.2.1'],
      ['network.ipParameter.PrimaryDNS', '192.0.2.53'],
      ['network.natVpn.NatPublicIp', '198.51.100.7'],
      ['provision.autoProvision.ProvisionUrl', 'https://prov.example.com/poly'],
      ['provision.autoProvision.ProvisionUsername', 'phone'],
      ['provision.autoProvision.ProvisionPollingEnable', 'true'],
      ['provision.autoProvision.ProvisionWeeklyEnable', 'true'],
      ['provision.autoProvision.ProvisionWeeklyBeginTime', '2:00'],
      ['provision.autoProvision.ProvisionWeeklyEndTime', '6:30'],
      ['settings.timeDate.SntpRefreshPeriod', '3600'],
      ['settings.timeDate.DSTEnable', '1'],
      ['settings.timeDate.DSTType', '1'],
      ['settings.timeDate.DSTStartMonth', '3'],
      ['settings.timeDate.DSTStartWeekday', '0'],
      ['settings.timeDate.DSTStartHour', '2'],
      ['settings.timeDate.DSTEndMonth', '11'],
      ['settings.timeDate.DSTEndWeekday', '6'],
      ['settings.timeDate.DSTEndHour', '3'],
    ]);
    const text = render('VVX_250', '64167faabbcc', values);
    expect(text).toBe(golden('vvx250-network.cfg'));
    expect(driver.parse(text)).toEqual(values);
  });

  it('renders line 1’s codec order and SRTP mode for the phone, the voicemail number and the DST days by week', () => {
    const values = new Map([
      ['account.1.codec.SIPPreferredVocoder', '9;0;8'],
      ['account.1.advanced.TelephonyVmNumber', '*97'],
      ['account.1.advanced.SIPGroupSrtpWorkingMode', '1'],
      ['settings.timeDate.DSTType', '1'],
      ['settings.timeDate.DSTStartMonth', '3'],
      ['settings.timeDate.DSTStartWeek', '2'],
      ['settings.timeDate.DSTStartWeekday', '0'],
      ['settings.timeDate.DSTStartHour', '2'],
      ['settings.timeDate.DSTEndMonth', '10'],
      ['settings.timeDate.DSTEndWeek', '4'],
      ['settings.timeDate.DSTEndWeekday', '0'],
      ['settings.timeDate.DSTEndHour', '3'],
    ]);
    // The composite's keys come where its first value (the DST type) comes.
    const text = render('VVX_450', '64167faabbcc', values);
    expect(text).toBe(golden('vvx450-composites.cfg'));
    expect(driver.parse(text)).toEqual(values);
    // The last week is lastInMonth, with no date; by date the date is the day of the month.
    const last = render(
      'VVX_450',
      '64167faabbcc',
      new Map([
        ['settings.timeDate.DSTEndWeek', '5'],
        ['settings.timeDate.DSTType', '0'],
        ['settings.timeDate.DSTStartDate', '25'],
      ]),
    );
    expect(last).toContain('fixedDayEnable="1"\n  tcpIpApp.sntp.daylightSavings.start.date="25"\n');
    expect(last).not.toContain('stop.');
    const lastWeek = render('VVX_450', '64167faabbcc', new Map([['settings.timeDate.DSTEndWeek', '5']]));
    expect(lastWeek).toContain('stop.dayOfWeek.lastInMonth="1"');
    expect(lastWeek).not.toContain('stop.date');
    // An empty voicemail number writes nothing: the phone's own retrieval mode applies.
    const empty = render('VVX_450', '64167faabbcc', new Map([['account.2.advanced.TelephonyVmNumber', '']]));
    expect(empty).not.toContain('msg.mwi');
    expect(() => driver.parse(text.replace('start.date="8"', 'start.date="9"'))).toThrow(
      /line 3: .*start\.date.*1, 8, 15 or 22/,
    );
    // Compulsory SRTP requires it; a file that only requires it reads back as compulsory.
    const compulsory = render(
      'VVX_450',
      '64167faabbcc',
      new Map([['account.1.advanced.SIPGroupSrtpWorkingMode', '2']]),
    );
    expect(compulsory).toContain('sec.srtp.enable="1"\n  sec.srtp.offer="1"\n  sec.srtp.require="1"\n');
    expect(driver.parse('<polycomConfig sec.srtp.require="1"/>')).toEqual(
      new Map([['account.1.advanced.SIPGroupSrtpWorkingMode', '2']]),
    );
    expect(() => driver.parse('<polycomConfig\n  sec.srtp.enable="yes"\n/>')).toThrow(
      /line 1: .*expected 0 or 1/,
    );
  });

  it('writes BLF and call park keys as the phone’s BLF entries, line 1’s digit map and BLF list URI, the calls per line key', () => {
    const values = new Map([
      ['account.1.register.UserName', '2001'],
      ['account.1.advanced.SIPDigitMap', '[2-9]xxx|0T|011xxx.T'],
      ['account.1.advanced.SIPBlfListUri', 'blf-list@pbx.example.com'],
      ['sipFunction.general.SIPMaxCall', '2'],
      ['phoneKeys.programKey.1.Type', '5'],
      ['phoneKeys.programKey.1.Value', '2010'],
      ['phoneKeys.programKey.1.Label', 'Sales & Support'],
      ['phoneKeys.programKey.2.Type', '14'],
      ['phoneKeys.programKey.2.Value', '701'],
      ['phoneKeys.programKey.2.Label', 'Park 1'],
      ['phoneKeys.programKey.3.Value', 'sip:2030@pbx.example.com'],
    ]);
    const text = render('VVX_350', '64167faabbcc', values);
    expect(text).toBe(golden('vvx350-keys.cfg'));
    expect(driver.parse(text)).toEqual(values);
    // A key type without a BLF entry (speed dial) writes none: the phone shows no BLF for that key.
    const speedDial = render(
      'VVX_350',
      '64167faabbcc',
      new Map([
        ['phoneKeys.programKey.4.Type', '1'],
        ['phoneKeys.programKey.4.Value', '5551234'],
      ]),
    );
    expect(speedDial).not.toContain('attendant');
    expect(() => driver.parse('<polycomConfig\n  attendant.resourceList.1.type="presence"\n/>')).toThrow(
      /line 1: .*attendant\.resourceList\.1\.type.*normal or automata/,
    );
  });

  it('serves the master configuration file listing the phone’s own file, with no settings', () => {
    const master = file('000000000000.cfg');
    expect(master.models).toEqual([
      'VVX_150',
      'VVX_250',
      'VVX_350',
      'VVX_450',
      'Edge_E220',
      'Edge_E350',
      'Edge_E400',
      'Edge_E450',
    ]);
    // Phones ask for it only when their own master <mac>.cfg is missing.
    expect(master.fallbackFor).toBe('{mac}.cfg');
    const values = new Map([['settings.timeDate.SntpServer1', 'pool.ntp.org']]);
    expect(render('VVX_250', '64167faabbcc', values, master)).toBe(golden('000000000000.cfg'));
    expect(driver.parse(golden('000000000000.cfg'))).toEqual(new Map());
  });

  it('names the device’s firmware URL as the master file’s application image, never in the phone’s own file', () => {
    const firmware = 'https://console.example.com/dl/64167faabbcc/42/VVX_450-6.4.6.2453.sip.ld?a=1&b="2"';
    const values = new Map([
      ['account.1.register.UserName', '2001'],
      ['maintenance.binaryUpdate.FirmwareUrl', firmware],
    ]);
    const master = render('VVX_450', '64167faabbcc', values, file('{mac}.cfg'));
    expect(master).toBe(golden('64167faabbcc-firmware.cfg'));
    expect(driver.parse(master)).toEqual(new Map([['maintenance.binaryUpdate.FirmwareUrl', firmware]]));
    const own = render('VVX_450', '64167faabbcc', values);
    expect(own).not.toContain('APP_FILE_PATH');
    expect(driver.parse(own)).toEqual(new Map([['account.1.register.UserName', '2001']]));
    // No URL, or an empty one: the phone looks for sip.ld beside the master, as before.
    const none = render(
      'VVX_450',
      '64167faabbcc',
      new Map([['maintenance.binaryUpdate.FirmwareUrl', '']]),
      file('{mac}.cfg'),
    );
    expect(none).toContain('APP_FILE_PATH="sip.ld"');
    expect(driver.parse(none)).toEqual(new Map());
    // The catalogue's automatic-upgrade switch has no UC Software setting.
    expect(driver.parameters.unsupported.map((item) => item.path)).toContain(
      'maintenance.binaryUpdate.FirmwareAutoUpgradeEnable',
    );
  });

  it('reads files written by hand: settings spread over nested elements, single quotes, comments', () => {
    const text = [
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
      '<polycomConfig>',
      '  <reg reg.3.address=\'3003\' reg.3.server.1.transport="TCPOnly"/> <!-- line 3 -->',
      '  <device device.set="1" device.net.vlanId.set="1" device.net.vlanId="7">',
      '  </device>',
      '</polycomConfig>',
    ].join('\r\n');
    expect(driver.parse(text)).toEqual(
      new Map([
        ['account.3.register.UserName', '3003'],
        ['account.3.register.Transport', '1'],
        ['network.ipParameter.VLANId', '7'],
      ]),
    );
  });

  it('refuses another vendor’s file and a Poly value without catalogue equivalent', () => {
    expect(() => driver.parse('<?xml version="1.0"?>\n<settings>\n</settings>\n')).toThrow(
      'line 2: expected <polycomConfig>',
    );
    expect(() => driver.parse('<polycomConfig\n  reg.1.server.1.transport="SCTP"\n/>')).toThrow(
      'line 1: reg.1.server.1.transport: unexpected value "SCTP"',
    );
    // Polling every day at one time (abs) is not the catalogue's periodic polling nor its time window.
    expect(() => driver.parse('<polycomConfig\n  prov.polling.mode="abs"\n/>')).toThrow(
      'line 1: prov.polling.mode: unexpected value "abs"',
    );
    // A setting the driver does not map comes back as it is: the console names it 'Unknown parameter'.
    expect(driver.parse('<polycomConfig call.callWaiting.enable="0"/>')).toEqual(
      new Map([['call.callWaiting.enable', '0']]),
    );
  });

  it('identifies VVX and Edge E User-Agents of the application and the updater, and no other vendor’s phone', () => {
    expect(driver.identify('FileTransport PolycomVVX-VVX_450-UA/6.4.3.5018 Type/Application')).toEqual({
      model: 'VVX_450',
      firmware: '6.4.3.5018',
      mac: undefined,
    });
    expect(driver.identify('PolycomVVX-VVX_150-UA/5.9.5.0614')?.model).toBe('VVX_150');
    expect(driver.identify('FileTransport PolycomSoundPointIP-SPIP_335-UA/4.0.15.1009')).toBeUndefined();
    expect(driver.identify('FileTransport PolyEdge-Edge_E350-UA/8.1.2.0412 Type/Application')).toEqual({
      model: 'Edge_E350',
      firmware: '8.1.2.0412',
      mac: undefined,
    });
    // Edge SIP User-Agents append 12 hex digits to the version: not the version, and not read as a MAC.
    expect(driver.identify('PolyEdge-Edge_E400-UA/8.3.1.0614_f04ea4691c59')).toEqual({
      model: 'Edge_E400',
      firmware: '8.3.1.0614',
      mac: undefined,
    });
    expect(driver.identify('PolyEdge-Edge_B30-UA/8.0.0.1')).toBeUndefined();
    expect(driver.identify('Mozilla/4.0 (compatible; snomD785-SIP 10.1.73.16)')).toBeUndefined();
  });

  it('fails the conformance kit when a catalogue parameter is neither mapped nor declared unsupported', () => {
    expect(coverageWithout(polyPackage, 'network')).toThrow(/network\.ipParameter\./);
  });

  it('has the mapping table its code generates in its README (npm run driver-tables)', () => {
    const { text, generated } = readme();
    expect(generated).toBe(text);
  });
});
