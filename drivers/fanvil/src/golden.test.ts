import { coverageWithout, goldenDriver, keyValues, lineValues } from '@phonefleet/sdk/testing';
import { describe, expect, it } from 'vitest';
import fanvilPackage from './index.js';

/** Golden files: written by hand from Fanvil's `sysConf` XML syntax, compared byte for byte. */
const { driver, golden, file, render, readme } = goldenDriver(
  '@phonefleet/driver-fanvil',
  fanvilPackage,
  new URL('..', import.meta.url),
);

describe('Fanvil golden files', () => {
  it('renders two lines, speed-dial and line keys, VLAN, NTP, time zone and the provisioning URL', () => {
    const values = new Map([
      ...lineValues(1, {
        Enable: '1',
        DisplayName: 'Reception Desk',
        UserName: '2001',
        RegisterName: '2001',
        Password: 's3cret<2001> & more',
        ServerAddress: 'pbx.example.com',
        ServerPort: '5060',
        Transport: '0',
        RegisterExpires: '3600',
      }),
      ...lineValues(2, {
        Enable: '1',
        DisplayName: 'Sales Line',
        UserName: '2002',
        RegisterName: '2002',
        Password: 'pass 2002',
        ServerAddress: 'pbx.example.com',
        ServerPort: '5061',
        Transport: '2',
        RegisterExpires: '1800',
      }),
      ['account.1.advanced.TelephonyVmNumber', '*97'],
      ['network.ipParameter.VLANEnable', 'true'],
      ['network.ipParameter.VLANId', '20'],
      ['network.ipParameter.DataVLANId', '30'],
      ['provision.autoProvision.ProvisionUrl', 'https://console.example.com/prov'],
      ...keyValues('programKey', '1', { Type: '2', Account: '1', Label: 'Reception' }),
      ...keyValues('programKey', '3', { Type: '1', Account: '1', Value: '2010', Label: 'Alice' }),
      ['settings.timeDate.SntpServer1', 'ntp1.example.com'],
      ['settings.timeDate.SntpServer2', 'ntp2.example.com'],
      ['settings.timeDate.TimeZone', '+01:00'],
    ]);
    const text = render('X4U', '0c383e07e16c', values);
    expect(text).toBe(golden('x4u-office.cfg'));
    expect(driver.parse(text)).toEqual(values);
  });

  it('renders a negative half-hour zone, TLS on the backup server, the admin password and the firmware URL', () => {
    const values = new Map([
      ...lineValues(1, {
        Enable: '1',
        UserName: '3001',
        RegisterName: '3001',
        Password: 'x',
        ServerAddress: '10.0.0.5',
        BackupServerAddress: '10.0.0.6',
        BackupTransport: '2',
      }),
      ['account.1.advanced.SIPGroupDtmfMode', '1'],
      ['settings.timeDate.SntpServer1', 'pool.ntp.org'],
      ['settings.timeDate.TimeZone', '-03:30'],
      ['maintenance.binaryUpdate.FirmwareUrl', 'http://192.0.2.10:8080/dl/fw/x210-2.4.5.2.z'],
      ['maintenance.changePassword.AdminPassword', 'Adm1n&Co'],
    ]);
    const text = render('X210', '0c383e112233', values);
    expect(text).toBe(golden('x210-firmware.cfg'));
    expect(driver.parse(text)).toEqual(values);
  });

  it('writes a DST week rule, the last week as −1 and Sunday as 0', () => {
    const values = new Map([
      ['settings.timeDate.TimeZone', '+01:00'],
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
    const text = render('X4U', '0c383e07e16c', values);
    expect(text).toBe(golden('x4u-dst.cfg'));
    expect(driver.parse(text)).toEqual(values);
  });

  it('serves the model-wide file with the version only', () => {
    const common = file('F0V00X200000.cfg');
    expect(common.models).toEqual(['X210']);
    expect(file('f0X4Uhw1.100.cfg').models).toEqual(['X4U']);
    const values = new Map([['settings.timeDate.SntpServer1', 'pool.ntp.org']]);
    expect(render('X210', '0c383e112233', values, common)).toBe(golden('F0V00X200000.cfg'));
    expect(driver.parse(golden('F0V00X200000.cfg'))).toEqual(new Map());
  });

  it('reads Fanvil files written by hand: comments, single quotes, other elements returned as they are', () => {
    const text = [
      "<?xml version='1.0' encoding='UTF-8'?>",
      '<sysConf>',
      '  <Version>2.0002</Version>',
      '  <sip>',
      "    <line index='3'><RegisterAddr>pbx.example.com</RegisterAddr><!-- line 3 --></line>",
      '  </sip>',
      '  <phone><date><TimeZone>32</TimeZone></date></phone>',
      '  <call><port index="1"><AutoOnhook>1</AutoOnhook></port></call>',
      '</sysConf>',
    ].join('\r\n');
    expect(driver.parse(text)).toEqual(
      new Map([
        ['account.3.register.ServerAddress', 'pbx.example.com'],
        ['settings.timeDate.TimeZone', '+08:00'],
        // Not mapped: the console names it 'Unknown parameter'.
        ['call.port.1.AutoOnhook', '1'],
      ]),
    );
  });

  it('writes BLF and call park keys as memory keys carrying number, line and type, and reads them back', () => {
    const values = new Map([
      ...keyValues('programKey', '2', { Type: '5', Value: '2011', Account: '2' }),
      ...keyValues('programKey', '4', { Type: '14', Value: '700', Account: '1' }),
      ...keyValues('programKey', '5', { Type: '17', Value: '*21#' }),
    ]);
    const text = render('X4U', '0c383e07e16c', values);
    expect(text).toContain('<Fkey index="2">\n        <Type>1</Type>\n        <Value>2011@2/ba</Value>');
    expect(text).toContain('<Fkey index="4">\n        <Type>1</Type>\n        <Value>700@1/c</Value>');
    expect(text).toContain('<Fkey index="5">\n        <Type>5</Type>\n        <Value>*21#</Value>');
    expect(driver.parse(text)).toEqual(values);
    const memoryKey = (value: string) =>
      `<sysConf>\n<dsskey><dssSide index="1"><Fkey index="7">\n<Type>1</Type>\n<Value>${value}</Value></Fkey></dssSide></dsskey>\n</sysConf>`;
    expect(() => driver.parse(memoryKey('2010'))).toThrow(
      'line 3: dsskey.dssSide.1.Fkey.7.Type, dsskey.dssSide.1.Fkey.7.Value: expected number@line/f, /ba or /c, not "2010"',
    );
  });

  it('writes the codec list by Fanvil’s names, leaving out codecs Fanvil has no name for', () => {
    const text = render(
      'X4U',
      '0c383e07e16c',
      new Map([['account.2.codec.SIPPreferredVocoder', '9;112;0;8']]),
    );
    expect(text).toContain('<VoiceCodecMap>G722,PCMU,PCMA</VoiceCodecMap>');
    expect(driver.parse(text)).toEqual(new Map([['account.2.codec.SIPPreferredVocoder', '9;0;8']]));
    expect(() =>
      driver.parse(
        '<sysConf>\n<sip><line index="1">\n<VoiceCodecMap>PCMU,G726-16</VoiceCodecMap></line></sip>\n</sysConf>',
      ),
    ).toThrow('line 3: sip.line.1.VoiceCodecMap: unexpected value "PCMU,G726-16"');
  });

  it('writes a line set to DNS NAPTR, which Fanvil has no word for, as UDP', () => {
    const values = new Map(lineValues(1, { Enable: '1', ServerAddress: 'pbx.example.com', Transport: '3' }));
    expect(render('X4U', '0c383e07e16c', values)).toContain('<Transport>0</Transport>');
  });

  it('refuses another vendor’s file naming the line, and a Fanvil value without catalogue equivalent', () => {
    expect(() => driver.parse('#!version:1.0.0.1\naccount.1.enable = 1\n')).toThrow(
      'line 1: unexpected text outside an element',
    );
    expect(() => driver.parse('<?xml version="1.0"?>\n<settings>\n</settings>\n')).toThrow(
      'line 2: expected <sysConf>',
    );
    expect(() =>
      driver.parse('<sysConf>\n<sip>\n<line index="1"><Transport>2</Transport></line>\n</sip>\n</sysConf>'),
    ).toThrow('line 3: sip.line.1.Transport: unexpected value "2"');
    expect(() => driver.parse('<sysConf>\n<sip>\n<line index="x"/>\n</sip>\n</sysConf>')).toThrow(
      'line 3: index must be a number from 1',
    );
  });

  it('identifies X-series User-Agents of several firmware generations, and no other series or vendor', () => {
    expect(driver.identify('Fanvil X4U-Pro 2.12.16.17 0c383e07e16c')).toEqual({
      model: 'X4U',
      firmware: '2.12.16.17',
      mac: '0c383e07e16c',
    });
    expect(driver.identify('Fanvil X303 2.14.2 0c383e0a0b0c')?.model).toBe('X303');
    expect(driver.identify('Fanvil X7 2.10.2.6887')).toEqual({
      model: 'X7',
      firmware: '2.10.2.6887',
      mac: undefined,
    });
    expect(driver.identify('Fanvil V67 2.6.6.187 0c383e2b29e6')).toBeUndefined();
    expect(driver.identify('Fanvil X4 2.10.2.6887 0c383e07e16c')).toBeUndefined();
    expect(driver.identify('Yealink SIP-T46S 66.86.0.15 00:15:65:aa:bb:cc')).toBeUndefined();
  });

  it('fails the conformance kit when a catalogue parameter is neither mapped nor declared unsupported', () => {
    expect(coverageWithout(fanvilPackage, 'settings')).toThrow(
      /X3U: \d+ parameters neither mapped nor unsupported/,
    );
  });

  it('has the mapping table its code generates in its README (npm run driver-tables)', () => {
    const { text, generated } = readme();
    expect(generated).toBe(text);
  });
});
