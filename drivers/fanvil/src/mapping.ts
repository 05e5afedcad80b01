import {
  booleanAs,
  type DriverText,
  type MappingEntry,
  mapParameters,
  type ValueConversion,
  valueMap,
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

/** Catalogue transports 0 UDP, 1 TCP, 2 TLS; Fanvil writes TLS as 3. DNS NAPTR (3) has no Fanvil word: UDP. */
const transport = valueMap({ '0': '0', '1': '1', '2': '3' }, { otherwise: '0' });

/** Catalogue DTMF 0 in-band, 1 SIP INFO, 2 RFC 2833; Fanvil 0 in-band, 1 RFC 2833, 2 SIP INFO. */
const dtmf = valueMap({ '0': '0', '1': '2', '2': '1' }, { otherwise: '1' });

/**
 * Catalogue key types → Fanvil DSS key types: 2 a line key, 1 a memory key (speed dial; the value
 * carries the number), 5 DTMF, 0 none. Types whose Fanvil code sits in the value's suffix (BLF, park)
 * are written none.
 */
const keyType = valueMap({ '0': '0', '1': '1', '2': '2', '17': '5' }, { otherwise: '0' });

const line = (path: string, key: string, convert?: ValueConversion): MappingEntry => ({
  path: `account.{n}.${path}`,
  key: `sip.line.{n}.${key}`,
  ...(convert ? { convert } : {}),
});

export const entries: MappingEntry[] = [
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
  // SIP function.
  { path: 'sipFunction.general.SIPLocalPort', key: 'sip.SIPPort' },
  { path: 'sipFunction.general.RTPLocalPort', key: 'mm.RTPInitialPort' },
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
  { path: 'phoneKeys.programKey.{n}.Type', key: 'dsskey.dssSide.1.Fkey.{n}.Type', convert: keyType },
  { path: 'phoneKeys.programKey.{n}.Value', key: 'dsskey.dssSide.1.Fkey.{n}.Value' },
  { path: 'phoneKeys.programKey.{n}.Label', key: 'dsskey.dssSide.1.Fkey.{n}.Title' },
  // Time and date.
  { path: 'settings.timeDate.SntpServer1', key: 'phone.date.SNTPServer' },
  { path: 'settings.timeDate.SntpServer2', key: 'phone.date.SecondSNTPServer' },
  { path: 'settings.timeDate.TimeZone', key: 'phone.date.TimeZone', convert: timeZone },
  // Maintenance: what pushes and upgrades need.
  { path: 'maintenance.binaryUpdate.FirmwareUrl', key: 'AUTOUPDATE_CONFIG_MODULE.Auto_Image_URL' },
  { path: 'maintenance.changePassword.AdminPassword', key: 'web.account.1.Password' },
  { path: 'maintenance.logCollection.SyslogServer', key: 'log.SyslogServer' },
  { path: 'maintenance.logCollection.SyslogPort', key: 'log.SyslogServerPort' },
];

export const map = mapParameters(entries);

const reason = (en: string, zh: string): DriverText => ({ en, 'zh-CN': zh });
const noKey = reason('Fanvil X-series phones have no equivalent setting', 'Fanvil X 系列话机没有对应的设置');
const inValue = reason(
  'Fanvil writes the key’s account inside its value (number@line/type); this setting has no Fanvil element of its own',
  'Fanvil 将按键的账号写在按键值中（号码@线路/类型），此参数没有对应的 Fanvil 配置项',
);
const notMapped = reason(
  'Not mapped by the Fanvil driver yet: this setting does not reach Fanvil phones',
  'Fanvil 驱动尚未映射此参数：它不会下发到 Fanvil 话机',
);

/**
 * What Fanvil phones lack, or what this driver does not write, with the reason users see. A mapped
 * path is supported even under a pattern here; the first pattern that matches gives the reason.
 */
export const unsupported: { path: string; reason: DriverText }[] = [
  { path: 'account', reason: notMapped },
  { path: 'sipFunction', reason: notMapped },
  { path: 'network.ipsecVpn', reason: noKey },
  { path: 'network.xvpn', reason: noKey },
  { path: 'network', reason: notMapped },
  { path: 'provision.edm', reason: noKey },
  { path: 'provision', reason: notMapped },
  { path: 'phoneKeys.programKey.*.Account', reason: inValue },
  ...fixedKeyNames.map((name) => ({ path: `phoneKeys.programKey.${name}`, reason: notMapped })),
  { path: 'phoneKeys', reason: notMapped },
  { path: 'settings', reason: notMapped },
  { path: 'function', reason: notMapped },
  { path: 'directoryHistory', reason: notMapped },
  { path: 'maintenance', reason: notMapped },
];
