import {
  booleanAs,
  type CompositeEntry,
  driverText,
  type MappingEntry,
  mapParameters,
  type UnsupportedParameter,
  type ValueConversion,
  valueMap,
  vendorReasons,
} from '@phonefleet/sdk';
import { fixedKeyNames } from '@phonefleet/sdk/catalogue';

/**
 * Catalogue paths → Fanvil `sysConf` keys (README.md "Sources"). A key is the element path, dotted;
 * a number after an element is its `index` attribute: `sip.line.2.RegisterAddr` is
 * `<sip><line index="2"><RegisterAddr>`. Fanvil numbers lines and keys from 1 as the catalogue does.
 */
const on = booleanAs('1', '0');

/** Catalogue zones are `±HH:MM`; Fanvil's `TimeZone` counts quarter hours (UTC+8 is 32). */
const timeZone: ValueConversion = {
  toVendor(value) {
    const match = /^([+-]?)(\d{2}):(\d{2})$/.exec(value);
    if (!match) return value;
    const quarters = Number(match[2]) * 4 + Number(match[3]) / 15;
    return String(match[1] === '-' && quarters !== 0 ? -quarters : quarters);
  },
  fromVendor(value) {
    if (!/^-?\d{1,2}$/.test(value)) return undefined;
    const quarters = Number(value);
    const minutes = Math.abs(quarters) * 15;
    const clock = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    if (quarters === 0) return '00:00';
    return `${quarters < 0 ? '-' : '+'}${clock}`;
  },
};

/** Catalogue DST weeks 1–4 and 5 (the last); Fanvil writes the last week −1. */
const dstWeek = valueMap({ '1': '1', '2': '2', '3': '3', '4': '4', '5': '-1' });

/**
 * The catalogue's ordered codec list (payload numbers joined by `;`) ↔ Fanvil's `VoiceCodecMap`
 * (names joined by `,`, [FS]). G.722.1, G.722.1C and AMR-WB have no Fanvil name in the sources: they
 * are left out of the list (README.md); a Fanvil name the catalogue lacks is refused when read.
 */
const CODEC_NAMES: Readonly<Record<string, string>> = {
  '0': 'PCMU',
  '8': 'PCMA',
  '18': 'G729',
  '9': 'G722',
  '98': 'iLBC',
  '125': 'OPUS',
  '4': 'G723',
  '2': 'G726-32',
};
const CODEC_CODES = new Map(Object.entries(CODEC_NAMES).map(([code, name]) => [name, code]));
const codecList: ValueConversion = {
  toVendor: (value) =>
    value
      .split(';')
      .flatMap((code) => CODEC_NAMES[code] ?? [])
      .join(','),
  fromVendor(value) {
    if (value === '') return '';
    const codes = value.split(',').map((name) => CODEC_CODES.get(name.trim()));
    return codes.every((code) => code !== undefined) ? codes.join(';') : undefined;
  },
  domain: Object.keys(CODEC_NAMES),
};

/** Catalogue transports 0 UDP, 1 TCP, 2 TLS; Fanvil writes TLS as 3. DNS NAPTR (3) has no Fanvil word: UDP. */
const transport = valueMap({ '0': '0', '1': '1', '2': '3' }, { otherwise: '0' });

/** Catalogue DTMF 0 in-band, 1 SIP INFO, 2 RFC 2833; Fanvil 0 in-band, 1 RFC 2833, 2 SIP INFO. */
const dtmf = valueMap({ '0': '0', '1': '2', '2': '1' }, { otherwise: '1' });

/** Memory-key suffixes by catalogue key type: speed dial, BLF, call park ([FS], [WZ]). */
const MEMORY_SUFFIX: Readonly<Record<string, string>> = { '1': 'f', '5': 'ba', '14': 'c' };
const MEMORY_TYPE = new Map(Object.entries(MEMORY_SUFFIX).map(([type, suffix]) => [suffix, type]));
const MEMORY_VALUE = /^(.*)@(\d{1,3})\/(f|ba|c)$/s;
const LINE_VALUE = /^SIP(\d{1,3})$/;

/**
 * A DSS key's catalogue Type, Value and Account ↔ Fanvil's `Type` and `Value`. Speed dial, BLF and
 * call park are Fanvil memory keys (type 1) whose value is `number@line/f|ba|c`; a line key is type 2
 * valued `SIP<line>`; DTMF is type 5 with its digits; none is 0. Catalogue types Fanvil has no DSS
 * code for are written none. The account of a key that acts on none (none, DTMF) is not written.
 */
const dssKey = (side: string): CompositeEntry => ({
  paths: ['Type', 'Value', 'Account'].map((cell) => `phoneKeys.programKey.{n}.${cell}`),
  keys: [`${side}.Type`, `${side}.Value`],
  join([type, value, account]) {
    const suffix = type === undefined ? undefined : MEMORY_SUFFIX[type];
    if (suffix) return ['1', `${value ?? ''}@${account ?? '1'}/${suffix}`];
    if (type === '2') return ['2', `SIP${account ?? '1'}`];
    if (type === undefined) return [undefined, value];
    return [type === '17' ? '5' : '0', value];
  },
  split([type, value]) {
    if (type === '1') {
      const memory = MEMORY_VALUE.exec(value ?? '');
      if (!memory) throw new Error(`expected number@line/f, /ba or /c, not ${JSON.stringify(value)}`);
      return [MEMORY_TYPE.get(memory[3] ?? ''), memory[1], memory[2]];
    }
    if (type === '2') {
      const line = LINE_VALUE.exec(value ?? '');
      if (!line) throw new Error(`expected SIP<line>, not ${JSON.stringify(value)}`);
      return ['2', undefined, line[1]];
    }
    if (type === '5') return ['17', value, undefined];
    if (type === '0' || type === undefined) return [type, value, undefined];
    throw new Error(`unexpected key type ${JSON.stringify(type)}`);
  },
  domains: [['0', '1', '2', '5', '14', '17']],
  describe:
    '0→0 none; 1 speed dial→1 number@line/f; 5 BLF→1 number@line/ba; 14 call park→1 number@line/c; 2 line→2 SIP<line>; 17 DTMF→5 digits; other types→0',
});

const line = (path: string, key: string, convert?: ValueConversion): MappingEntry => ({
  path: `account.{n}.${path}`,
  key: `sip.line.{n}.${key}`,
  ...(convert ? { convert } : {}),
});

export const entries: (MappingEntry | CompositeEntry)[] = [
  // SIP lines (sdk lines.ts), written from the bound account.
  line('register.Enable', 'EnableReg'),
  line('register.Label', 'SipName'),
  line('register.DisplayName', 'DisplayName'),
  line('register.UserName', 'PhoneNumber'),
  line('register.RegisterName', 'RegisterUser'),
  line('register.Password', 'RegisterPswd'),
  line('register.ServerAddress', 'RegisterAddr'),
  line('register.ServerPort', 'RegisterPort'),
  line('register.Transport', 'Transport', transport),
  line('register.RegisterExpires', 'RegisterTTL'),
  line('register.OutboundProxy', 'ProxyAddr'),
  line('register.OutboundProxyPort', 'ProxyPort'),
  line('register.BackupServerAddress', 'BackupAddr'),
  line('register.BackupServerPort', 'BackupPort'),
  line('register.BackupTransport', 'BackupTransport', transport),
  line('register.BackupRegisterExpires', 'BackupTTL'),
  line('register.BackupOutboundProxy', 'BakProxyAddr'),
  line('register.BackupOutboundProxyPort', 'BakProxyPort'),
  // Account tab, advanced section.
  line('advanced.TelephonyVmNumber', 'MWINum'),
  line('advanced.SIPGroupDtmfMode', 'DTMFMode', dtmf),
  line('advanced.SIPRportEnable', 'EnableRport', on),
  line('advanced.SubscribeExpire', 'SubExpire'),
  line('advanced.SIPPickupPrefix', 'PickupNum'),
  line('advanced.SIPSlaEnable', 'EnableSCA', on),
  line('codec.SIPPreferredVocoder', 'VoiceCodecMap', codecList),
  // SIP function.
  { path: 'sipFunction.general.SIPLocalPort', key: 'sip.SIPPort' },
  { path: 'sipFunction.general.RTPLocalPort', key: 'mm.RTPInitialPort' },
  { path: 'sipFunction.general.SIPRegisterRetry', key: 'sip.RegFailInterval' },
  { path: 'sipFunction.general.SIPDSCP', key: 'qos.SingallingDSCP' }, // Fanvil's spelling
  { path: 'sipFunction.general.Audiodiffserv', key: 'qos.VoiceDSCP' },
  // Network.
  {
    path: 'network.ipParameter.DHCPMode',
    key: 'net.EnableDHCP',
    convert: valueMap({ Dynamic: '1', Static: '0' }),
  },
  { path: 'network.ipParameter.PrimaryDNS', key: 'net.PrimaryDNS' },
  { path: 'network.ipParameter.SecondaryDNS', key: 'net.SecondaryDNS' },
  { path: 'network.ipParameter.MTU', key: 'net.MTU' },
  { path: 'network.ipParameter.VLANEnable', key: 'qos.EnableVLAN', convert: on },
  { path: 'network.ipParameter.VLANId', key: 'qos.VLANID' },
  { path: 'network.ipParameter.DataVLANId', key: 'qos.PVIDValue' },
  { path: 'network.natVpn.NatStunServer', key: 'sip.STUNServer' },
  { path: 'network.natVpn.NatStunPort', key: 'sip.STUNPort' },
  { path: 'network.wifi.WifiEnable', key: 'net.wifi.WIFIEnable', convert: on },
  // Auto provisioning.
  { path: 'provision.autoProvision.ProvisionUrl', key: 'ap.FlashServerIP' },
  { path: 'provision.autoProvision.ProvisionUsername', key: 'ap.DefaultUsername' },
  { path: 'provision.autoProvision.ProvisionPassword', key: 'ap.DefaultPassword' },
  // Phone keys: the DSS keys beside the screen (first side page).
  dssKey('dsskey.dssSide.1.Fkey.{n}'),
  { path: 'phoneKeys.programKey.{n}.Label', key: 'dsskey.dssSide.1.Fkey.{n}.Title' },
  // Time and date.
  { path: 'settings.timeDate.SntpServer1', key: 'phone.date.SNTPServer' },
  { path: 'settings.timeDate.SntpServer2', key: 'phone.date.SecondSNTPServer' },
  { path: 'settings.timeDate.TimeZone', key: 'phone.date.TimeZone', convert: timeZone },
  // Daylight saving by week ([WZ]): month, week of the month (−1 the last), weekday (0 Sunday), hour.
  ...(['Start', 'End'] as const).flatMap((edge): MappingEntry[] => [
    { path: `settings.timeDate.DST${edge}Month`, key: `phone.date.DST${edge}Mon` },
    { path: `settings.timeDate.DST${edge}Week`, key: `phone.date.DST${edge}Week`, convert: dstWeek },
    { path: `settings.timeDate.DST${edge}Weekday`, key: `phone.date.DST${edge}Wday` },
    { path: `settings.timeDate.DST${edge}Hour`, key: `phone.date.DST${edge}Hour` },
  ]),
  { path: 'settings.timeDate.DSTOffset', key: 'phone.date.DSTMinOffset' },
  // Maintenance: what pushes and upgrades need.
  { path: 'maintenance.binaryUpdate.FirmwareUrl', key: 'AUTOUPDATE_CONFIG_MODULE.Auto_Image_URL' },
  { path: 'maintenance.changePassword.AdminPassword', key: 'web.account.1.Password' },
  { path: 'maintenance.logCollection.SyslogServer', key: 'log.SyslogServer' },
  { path: 'maintenance.logCollection.SyslogPort', key: 'log.SyslogServerPort' },
];

export const map = mapParameters(entries);

const { noKey, notMapped } = vendorReasons({
  phones: driverText('Fanvil X-series phones', 'Fanvil X 系列话机'),
  driver: 'Fanvil',
  brand: 'Fanvil',
  unit: driverText('value', '值'),
});
const extension = driverText(
  'Fanvil memory keys carry no extension of their own (the value is number@line/type)',
  'Fanvil 记忆键没有单独的分机设置（按键值为 号码@线路/类型）',
);
const dstMode = driverText(
  'The public Fanvil sources disagree on the DST switch and do not say how the rule’s mode is written; the DST week rule itself is sent',
  '公开的 Fanvil 资料对夏令时开关说法不一，也未说明规则模式的写法；夏令时的按周规则本身会下发',
);

/**
 * What Fanvil phones lack, or what this driver does not write, with the reason users see. A mapped
 * path is supported even under a pattern here; the first pattern that matches gives the reason.
 */
export const unsupported: UnsupportedParameter[] = [
  { path: 'account', reason: notMapped },
  { path: 'sipFunction', reason: notMapped },
  { path: 'network.ipsecVpn', reason: noKey },
  { path: 'network.xvpn', reason: noKey },
  { path: 'network', reason: notMapped },
  { path: 'provision.edm', reason: noKey },
  { path: 'provision', reason: notMapped },
  { path: 'phoneKeys.programKey.*.Extension', reason: extension },
  ...fixedKeyNames.map((name) => ({ path: `phoneKeys.programKey.${name}`, reason: notMapped })),
  { path: 'phoneKeys', reason: notMapped },
  ...['DSTEnable', 'DSTType', 'DSTStartDate', 'DSTEndDate'].map((key) => ({
    path: `settings.timeDate.${key}`,
    reason: dstMode,
  })),
  { path: 'settings', reason: notMapped },
  { path: 'function', reason: notMapped },
  { path: 'directoryHistory', reason: notMapped },
  { path: 'maintenance', reason: notMapped },
];
