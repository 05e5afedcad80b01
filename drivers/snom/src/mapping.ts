import {
  booleanAs,
  driverText,
  type MappingEntry,
  mapParameters,
  type UnsupportedParameter,
  type ValueConversion,
  valueMap,
  vendorReasons,
} from '@phonefleet/sdk';
import { fixedKeyNames } from '@phonefleet/sdk/catalogue';
import { codecList, dstRule, outboundProxy } from './composites.js';

/**
 * Catalogue paths → Snom settings (README.md "Facts" for each). `name[{n}]` is a per-identity setting
 * written `<name idx="n">`; `fkey[{n}].*` are the parts of function key n (`<fkey idx="n-1">`).
 */
const on = booleanAs('on', 'off');

/** Catalogue phone-key types → Snom function-key types; types Snom lacks are written `none`. */
const keyType = valueMap(
  {
    '0': 'none',
    '1': 'speed', // Speed dial
    '2': 'line',
    '5': 'blf',
    '8': 'transfer', // Transfer to
    '13': 'icom', // Intercom
    '14': 'orbit', // Call park (park orbit)
    '17': 'dtmf',
    '18': 'recorder',
    '19': 'url', // Action URL
    '21': 'multicast', // Multicast paging
  },
  { otherwise: 'none' },
);

/** Catalogue zones are `±HH:MM` (`00:00` for UTC); Snom's `utc_offset` is in seconds. */
const utcOffset: ValueConversion = {
  toVendor(value) {
    const match = /^([+-]?)(\d{2}):(\d{2})$/.exec(value);
    if (!match) return value;
    const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60;
    return String(match[1] === '-' ? -seconds : seconds);
  },
  fromVendor(value) {
    if (!/^-?\d{1,5}$/.test(value)) return undefined;
    const seconds = Number(value);
    if (seconds === 0) return '00:00';
    const minutes = Math.abs(seconds) / 60;
    if (!Number.isInteger(minutes)) return undefined;
    const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
    const mm = String(minutes % 60).padStart(2, '0');
    return `${seconds < 0 ? '-' : '+'}${hh}:${mm}`;
  },
};

const identity = (path: string, setting: string, convert?: ValueConversion): MappingEntry => ({
  path: `account.{n}.${path}`,
  key: `${setting}[{n}]`,
  ...(convert ? { convert } : {}),
});

export const entries: MappingEntry[] = [
  // SIP identities (Snom's accounts), one `idx` per identity.
  identity('register.Enable', 'user_active', valueMap({ '1': 'on', '0': 'off' })),
  identity('register.Label', 'user_idle_text'),
  identity('register.DisplayName', 'user_realname'),
  identity('register.UserName', 'user_name'),
  identity('register.RegisterName', 'user_pname'),
  identity('register.Password', 'user_pass'),
  identity('register.ServerAddress', 'user_host'),
  identity('register.RegisterExpires', 'user_expiry'),
  identity('codec.SIPPreferredVocoder', 'codec_priority_list', codecList),
  identity('advanced.TelephonyVmNumber', 'user_mailbox'),
  identity('advanced.SIPSlaEnable', 'user_shared_line', on),
  identity(
    'advanced.SIPGroupSrtpWorkingMode',
    'user_savp',
    valueMap({ '0': 'off', '1': 'optional', '2': 'mandatory' }),
  ),
  identity('advanced.SIPHideIdentityEnable', 'hide_identity', booleanAs('true', 'false')),
  identity('advanced.SIPServerGenericPollingTimer', 'keepalive_interval'),
  identity('advanced.SubscribeExpire', 'user_subscription_expiry'),
  identity('advanced.SIPBlfListUri', 'user_event_list_uri'),
  // Catalogue 2 is RFC 2833 (Snom's default, `off`), 1 SIP INFO; in-band and the mixed modes have no
  // Snom word of their own and are written as RFC 2833.
  identity(
    'advanced.SIPGroupDtmfMode',
    'user_dtmf_info',
    valueMap({ '2': 'off', '1': 'sip_info_only' }, { otherwise: 'off' }),
  ),
  // SIP function and network.
  { path: 'sipFunction.general.SIPLocalPort', key: 'network_id_port' },
  { path: 'sipFunction.general.RTPLocalPort', key: 'rtp_port_start' },
  { path: 'sipFunction.general.Audiodiffserv', key: 'codec_tos' },
  { path: 'sipFunction.general.SIPDSCP', key: 'signaling_tos' },
  // Accept SIP requests only from the registrars of the identities.
  { path: 'sipFunction.general.SIPPeerFilterEnable', key: 'filter_registrar', convert: on },
  {
    path: 'network.ipParameter.DHCPMode',
    key: 'dhcp',
    convert: valueMap({ Dynamic: 'on', Static: 'off' }),
  },
  { path: 'network.ipParameter.IPAddress', key: 'ip_adr' },
  { path: 'network.ipParameter.SubnetMask', key: 'netmask' },
  { path: 'network.ipParameter.DefaultGateway', key: 'gateway' },
  { path: 'network.ipParameter.PrimaryDNS', key: 'dns_server1' },
  { path: 'network.ipParameter.SecondaryDNS', key: 'dns_server2' },
  { path: 'network.ipParameter.VLANId', key: 'vlan_id' },
  { path: 'network.ipParameter.DataVLANId', key: 'vlan_pc_id' },
  // Provisioning: the settings URL the phone polls.
  { path: 'provision.autoProvision.ProvisionUrl', key: 'setting_server' },
  { path: 'provision.autoProvision.ProvisionUsername', key: 'http_client_user' },
  { path: 'provision.autoProvision.ProvisionPassword', key: 'http_client_pass' },
  { path: 'provision.autoProvision.ProvisionPollingTimeout', key: 'settings_refresh_timer' },
  // Function keys.
  { path: 'phoneKeys.programKey.{n}.Type', key: 'fkey[{n}].type', convert: keyType },
  { path: 'phoneKeys.programKey.{n}.Account', key: 'fkey[{n}].context' },
  { path: 'phoneKeys.programKey.{n}.Value', key: 'fkey[{n}].value' },
  { path: 'phoneKeys.programKey.{n}.Label', key: 'fkey[{n}].label' },
  // Time and date.
  { path: 'settings.timeDate.SntpServer1', key: 'ntp_server' },
  { path: 'settings.timeDate.SntpRefreshPeriod', key: 'ntp_refresh_timer' },
  { path: 'settings.timeDate.TimeZone', key: 'utc_offset', convert: utcOffset },
  {
    path: 'settings.timeDate.TimeFormat',
    key: 'time_24_format',
    convert: valueMap({ '0': 'on', '1': 'off' }),
  },
  { path: 'settings.general.CallCompletionEnable', key: 'call_completion', convert: on },
  // Maintenance: what firmware pushes and administration need.
  { path: 'maintenance.binaryUpdate.FirmwareUrl', key: 'firmware' },
  { path: 'maintenance.changePassword.AdminPassword', key: 'admin_mode_password' },
  { path: 'maintenance.logCollection.SyslogServer', key: 'syslog_server' },
];

export const map = mapParameters([...entries, outboundProxy, dstRule]);

const { combined, noKey, notMapped } = vendorReasons({
  phones: driverText('Snom D7xx phones', 'Snom D7xx 话机'),
  driver: 'Snom',
  brand: 'Snom',
  unit: driverText('value', '值'),
});
const fixedKeys = driverText(
  'Snom programs its fixed keys with dkey_* settings (dkey_redial, dkey_hold, dkey_transfer, dkey_conf, dkey_retrieve …) holding a Snom function (keyevent F_…) or a key type with its argument in one value; not mapped by this driver',
  'Snom 用 dkey_* 设置（dkey_redial、dkey_hold、dkey_transfer、dkey_conf、dkey_retrieve 等）定义固定按键，一个值内含 Snom 功能（keyevent F_…）或按键类型及其参数；本驱动未映射',
);
const perIdentity = driverText(
  'Snom sets STUN and the NAT keep-alive per identity (stun_server, stun_binding_interval, keepalive_interval with idx), not for the whole phone',
  'Snom 按身份（idx）设置 STUN 与 NAT 保活（stun_server、stun_binding_interval、keepalive_interval），而非整机设置',
);

/**
 * What Snom phones lack, or what this driver does not write, with the reason users see. A mapped
 * path is supported even under a pattern here; the first pattern that matches gives the reason.
 */
export const unsupported: UnsupportedParameter[] = [
  // The registrar's port and transport would go into `user_host`; no source at hand documents that form.
  ...['ServerPort', 'Transport', 'BackupServerPort', 'BackupTransport'].map((key) => ({
    path: `account.*.register.${key}`,
    reason: combined,
  })),
  { path: 'account', reason: notMapped },
  { path: 'network.ipParameter.VLANEnable', reason: combined },
  { path: 'network.ipParameter.DataVLANEnable', reason: combined },
  { path: 'network.natVpn.NatStunServer', reason: perIdentity },
  { path: 'network.natVpn.NatStunPort', reason: perIdentity },
  { path: 'network.natVpn.NatKeepAliveInterval', reason: perIdentity },
  { path: 'network.ipsecVpn', reason: noKey },
  { path: 'network.xvpn', reason: noKey },
  { path: 'provision.edm', reason: noKey },
  { path: 'phoneKeys.programKey.*.Extension', reason: noKey },
  { path: 'phoneKeys.dssKey', reason: noKey },
  ...fixedKeyNames.map((name) => ({ path: `phoneKeys.programKey.${name}`, reason: fixedKeys })),
  { path: 'settings.timeDate.SntpServer2', reason: noKey },
  { path: 'sipFunction', reason: notMapped },
  { path: 'network', reason: notMapped },
  { path: 'provision', reason: notMapped },
  { path: 'phoneKeys', reason: notMapped },
  { path: 'settings', reason: notMapped },
  { path: 'function', reason: notMapped },
  { path: 'directoryHistory', reason: notMapped },
  { path: 'maintenance', reason: notMapped },
];
