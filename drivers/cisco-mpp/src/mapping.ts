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
import { codecPreference, dstRule, hostPort, resyncPeriodic } from './composites.js';

/**
 * Catalogue paths → Cisco flat-profile elements (README.md "Facts" for each). An element name is the
 * web page's field name with `_` for spaces and special characters, and `_N_` for extension or line
 * key N (`User_ID_1_`). Cisco numbers extensions and line keys from 1 as the catalogue does.
 */
const yesNo = booleanAs('Yes', 'No');

/** Catalogue zones are `±HH:MM` (`00:00` for UTC); Cisco writes `GMT+01:00`, `GMT-03:30`. */
const timeZone: ValueConversion = {
  toVendor(value) {
    const match = /^([+-]?)(\d{2}):(\d{2})$/.exec(value);
    if (!match) return value;
    return `GMT${match[1] === '-' ? '-' : '+'}${match[2]}:${match[3]}`;
  },
  fromVendor(value) {
    const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(value);
    if (!match) return undefined;
    if (match[2] === '00' && match[3] === '00') return '00:00';
    return `${match[1]}${match[2]}:${match[3]}`;
  },
};

/**
 * The catalogue's provisioning URL is the folder the phone fetches from; Cisco's `Profile_Rule` names
 * the file, so the driver appends `/$MA.xml` (the phone's MAC, lower case: the device file).
 */
const DEVICE_FILE_RULE = '/$MA.xml';
const profileRule: ValueConversion = {
  toVendor: (value) => (value === '' ? '' : `${value}${DEVICE_FILE_RULE}`),
  fromVendor(value) {
    if (value === '') return '';
    return value.endsWith(DEVICE_FILE_RULE) ? value.slice(0, -DEVICE_FILE_RULE.length) : undefined;
  },
};

/**
 * Cisco's `Date_Format` is the order of month and day only (`month/day`, `day/month`): the catalogue's
 * day-first formats are written `day/month`, the others `month/day`; read back as MM DD YYYY or DD MM YYYY.
 */
const DAY_FIRST = new Set(['2', '4', '5']);
const dateFormat: ValueConversion = {
  toVendor: (value) => (DAY_FIRST.has(value) ? 'day/month' : 'month/day'),
  fromVendor: (value) => (value === 'month/day' ? '1' : value === 'day/month' ? '2' : undefined),
  domain: ['1', '2'],
};

/**
 * Cisco sets only the lowest TLS version the phone accepts as a client (`TLS_Client_Min_Version`):
 * the catalogue's "TLS 1.x or later" is written as is, and its "TLS 1.x" only as "TLS 1.x or later".
 */
const TLS_VERSIONS: Readonly<Record<string, string>> = { '0': '100', '1': '101', '2': '102' };
const tlsMinimum = valueMap({ '100': 'TLS 1.0', '101': 'TLS 1.1', '102': 'TLS 1.2' });
const tlsVersion: ValueConversion = {
  toVendor: (value) => tlsMinimum.toVendor(TLS_VERSIONS[value] ?? value),
  fromVendor: (value) => tlsMinimum.fromVendor(value),
  domain: tlsMinimum.domain,
};

/**
 * Cisco's NAT support is STUN on or off (`STUN_Enable`); a fixed public address (`EXT_IP`) needs no
 * switch of its own. The catalogue's NAT mode is written `No` like Disable (and read back as
 * Disable); ICE has no Cisco setting and is refused.
 */
const stunEnable: ValueConversion = {
  toVendor(value) {
    if (value === '2') return 'Yes';
    if (value === '0' || value === '1') return 'No';
    throw new Error(`Cisco has no NAT traversal mode ${JSON.stringify(value)} (ICE)`);
  },
  fromVendor: (value) => (value === 'Yes' ? '2' : value === 'No' ? '0' : undefined),
  domain: ['0', '2'],
};

/**
 * A line's NAT traversal (0 disable, 1 NAT, 2 STUN, 3 ICE) → `NAT_Mapping_Enable_N_`: Yes makes the
 * extension write the externally mapped address (`EXT_IP`, or what STUN found when `STUN_Enable` is Yes)
 * into its SIP messages, which both NAT and STUN need; it is read back as NAT. ICE has no Cisco setting.
 */
const natMapping: ValueConversion = {
  toVendor(value) {
    if (value === '0') return 'No';
    if (value === '1' || value === '2') return 'Yes';
    throw new Error(`Cisco has no NAT traversal mode ${JSON.stringify(value)} for an extension (ICE)`);
  },
  fromVendor: (value) => (value === 'Yes' ? '1' : value === 'No' ? '0' : undefined),
  domain: ['0', '1'],
};

/**
 * Catalogue privacy (0 none, 1 `Privacy: id`, 2 `Privacy: header`, 3 both) → `Privacy_Header_N_`, which
 * takes one value (`Disabled`, `none`, `header`, `session`, `user`, `id`): the catalogue's none is
 * Disabled (no header); id and header together have no Cisco value and are refused, as are Cisco's
 * none, session and user when read.
 */
const privacyHeader: ValueConversion = {
  toVendor(value) {
    const vendor = ({ '0': 'Disabled', '1': 'id', '2': 'header' } as Record<string, string>)[value];
    if (vendor === undefined)
      throw new Error(`Cisco has no privacy header for mode ${JSON.stringify(value)}`);
    return vendor;
  },
  fromVendor: (value) => ({ Disabled: '0', id: '1', header: '2' })[value],
  domain: ['0', '1', '2'],
};

/** Catalogue DTMF 0 in-band, 1 SIP INFO, 2 RFC 2833; the mixed modes become Cisco's `Auto`. */
const dtmf = valueMap({ '0': 'InBand', '1': 'INFO', '2': 'AVT' }, { otherwise: 'Auto' });

const extension = (path: string, element: string, convert?: ValueConversion): MappingEntry => ({
  path: `account.{n}.${path}`,
  key: `${element}_{n}_`,
  ...(convert ? { convert } : {}),
});

export const entries: (MappingEntry | CompositeEntry)[] = [
  // Extensions (Cisco's accounts), Voice > Ext N.
  extension('register.Enable', 'Line_Enable', valueMap({ '1': 'Yes', '0': 'No' })),
  extension('register.DisplayName', 'Display_Name'),
  extension('register.UserName', 'User_ID'),
  extension('register.RegisterName', 'Auth_ID'),
  extension('register.Password', 'Password'),
  hostPort('account.{n}.register.ServerAddress', 'account.{n}.register.ServerPort', 'Proxy_{n}_'),
  // Spec §9 transports 0 UDP, 1 TCP, 2 TLS, 3 DNS NAPTR; Cisco's AUTO picks the transport by NAPTR.
  extension(
    'register.Transport',
    'SIP_Transport',
    valueMap({ '0': 'UDP', '1': 'TCP', '2': 'TLS', '3': 'AUTO' }),
  ),
  extension('register.RegisterExpires', 'Register_Expires'),
  hostPort(
    'account.{n}.register.OutboundProxy',
    'account.{n}.register.OutboundProxyPort',
    'Outbound_Proxy_{n}_',
  ),
  // The alternate proxies are only used with Dual_Registration_N_ Yes (format.ts writes it).
  hostPort(
    'account.{n}.register.BackupServerAddress',
    'account.{n}.register.BackupServerPort',
    'Alternate_Proxy_{n}_',
  ),
  hostPort(
    'account.{n}.register.BackupOutboundProxy',
    'account.{n}.register.BackupOutboundProxyPort',
    'Alternate_Outbound_Proxy_{n}_',
  ),
  extension('advanced.SIPGroupDtmfMode', 'DTMF_Tx_Method', dtmf),
  codecPreference,
  extension('codec.AudioVad', 'Silence_Supp_Enable', yesNo),
  // Ext N > Call Feature Settings, Dial Plan, SIP Settings and NAT Settings.
  extension('advanced.SIPDigitMap', 'Dial_Plan'),
  extension('advanced.SIPNConfUri', 'Conference_Bridge_URL'),
  extension('advanced.SIPMessageWaitingIndicationUri', 'Voice_Mail_Server'),
  extension('advanced.SIPSlaEnable', 'Share_Ext', yesNo),
  extension('advanced.SIPVqCollectorUri', 'Voice_Quality_Report_Address'),
  extension('advanced.SipUserPhoneEnable', 'User_Equal_Phone', yesNo),
  extension('advanced.SIPServerKeepAliveEnable', 'NAT_Keep_Alive_Enable', yesNo),
  extension('register.NatTraversal', 'NAT_Mapping_Enable', natMapping),
  extension('advanced.SIPPrivacyMode', 'Privacy_Header', privacyHeader),
  // Seconds before the phone goes back to its first proxy after failing over.
  extension('advanced.SwitchoverTimer', 'Proxy_Fallback_Intvl'),
  // SIP function: Voice > SIP.
  { path: 'sipFunction.general.SIPRegisterRetry', key: 'Reg_Retry_Intvl' },
  { path: 'sipFunction.general.RTPLocalPort', key: 'RTP_Port_Min' },
  { path: 'sipFunction.general.SIPRfc2543HoldEnable', key: 'RFC_2543_Call_Hold', convert: yesNo },
  // Voice > Phone: calls per line key, and the three-way conference the phone mixes itself.
  { path: 'sipFunction.general.SIPMaxCall', key: 'Call_Appearances_Per_Line' },
  { path: 'sipFunction.general.SIPLocalConfEnable', key: 'Conference_Serv', convert: yesNo },
  { path: 'sipFunction.general.SIPSslVersion', key: 'TLS_Client_Min_Version', convert: tlsVersion },
  // Voice > System: Yes drops SIP requests that come from no configured proxy (in-dialog ones excepted).
  { path: 'sipFunction.general.SIPPeerFilterEnable', key: 'Block_Nonproxy_SIP', convert: yesNo },
  // Network.
  {
    path: 'network.ipParameter.DHCPMode',
    key: 'Connection_Type',
    convert: valueMap({ Dynamic: 'DHCP', Static: 'Static IP' }),
  },
  { path: 'network.ipParameter.IPAddress', key: 'Static_IP' },
  { path: 'network.ipParameter.SubnetMask', key: 'NetMask' },
  { path: 'network.ipParameter.DefaultGateway', key: 'Gateway' },
  { path: 'network.ipParameter.PrimaryDNS', key: 'Primary_DNS' },
  { path: 'network.ipParameter.SecondaryDNS', key: 'Secondary_DNS' },
  // Static DNS: the DNS set by hand only; otherwise DHCP's first, the hand-set ones after.
  {
    path: 'network.ipParameter.StaticDNSEnable',
    key: 'DNS_Server_Order',
    convert: valueMap({ true: 'Manual', false: 'DHCP,Manual' }),
  },
  { path: 'network.ipParameter.VLANEnable', key: 'Enable_VLAN', convert: yesNo },
  { path: 'network.ipParameter.VLANId', key: 'VLAN_ID' },
  { path: 'network.ipParameter.DataVLANEnable', key: 'Enable_PC_Port_VLAN_Tagging', convert: yesNo },
  { path: 'network.ipParameter.DataVLANId', key: 'PC_Port_VLAN_ID' },
  // One LLDP-MED switch: with it on, the voice VLAN of the switch's network policy is taken.
  { path: 'network.lldp.LldpVlanEnable', key: 'Enable_LLDP-MED', convert: yesNo },
  { path: 'network.port.PcPortEnable', key: 'PC_PORT_Enable', convert: yesNo },
  // Voice > SIP, NAT Support Parameters.
  { path: 'network.natVpn.NatTraversalMode', key: 'STUN_Enable', convert: stunEnable },
  { path: 'network.natVpn.NatStunServer', key: 'STUN_Server' },
  { path: 'network.natVpn.NatPublicIp', key: 'EXT_IP' },
  // Voice > SIP, NAT Support Parameters: one keep-alive interval for the phone.
  { path: 'network.natVpn.NatKeepAliveInterval', key: 'NAT_Keep_Alive_Intvl' },
  // Provisioning: the profile rule and the resync period.
  { path: 'provision.autoProvision.ProvisionUrl', key: 'Profile_Rule', convert: profileRule },
  resyncPeriodic,
  // Voice > TR-069: the ACS the phone reports to, and the credentials the ACS calls back with.
  { path: 'provision.tr069.Tr069Enable', key: 'Enable_TR-069', convert: yesNo },
  { path: 'provision.tr069.Tr069AcsUrl', key: 'ACS_URL' },
  { path: 'provision.tr069.Tr069AcsUsername', key: 'ACS_Username' },
  { path: 'provision.tr069.Tr069AcsPassword', key: 'ACS_Password' },
  { path: 'provision.tr069.Tr069PeriodicInformEnable', key: 'Periodic_Inform_Enable', convert: yesNo },
  { path: 'provision.tr069.Tr069PeriodicInformInterval', key: 'Periodic_Inform_Interval' },
  { path: 'provision.tr069.Tr069ConnRequestUsername', key: 'Connection_Request_Username' },
  { path: 'provision.tr069.Tr069ConnRequestPassword', key: 'Connection_Request_Password' },
  // Line keys: the extension a key serves, its label and its function.
  { path: 'phoneKeys.programKey.{n}.Account', key: 'Extension_{n}_' },
  { path: 'phoneKeys.programKey.{n}.Label', key: 'Short_Name_{n}_' },
  { path: 'phoneKeys.programKey.{n}.Value', key: 'Extended_Function_{n}_' },
  // Time and date.
  { path: 'settings.timeDate.SntpServer1', key: 'Primary_NTP_Server' },
  { path: 'settings.timeDate.SntpServer2', key: 'Secondary_NTP_Server' },
  { path: 'settings.timeDate.TimeZone', key: 'Time_Zone', convert: timeZone },
  // Cisco has no automatic DST (catalogue 2): the rule below is applied, as for Enabled.
  {
    path: 'settings.timeDate.DSTEnable',
    key: 'Daylight_Saving_Time_Enable',
    convert: valueMap({ '0': 'No', '1': 'Yes' }, { otherwise: 'Yes' }),
  },
  dstRule,
  {
    path: 'settings.timeDate.TimeFormat',
    key: 'Time_Format',
    convert: valueMap({ '0': '24hr', '1': '12hr' }),
  },
  { path: 'settings.timeDate.DateFormat', key: 'Date_Format', convert: dateFormat },
  // Maintenance: what firmware pushes and administration need.
  { path: 'maintenance.binaryUpdate.FirmwareUrl', key: 'Upgrade_Rule' },
  { path: 'maintenance.changePassword.AdminPassword', key: 'Admin_Password' },
  hostPort('maintenance.logCollection.SyslogServer', 'maintenance.logCollection.SyslogPort', 'Syslog_Server'),
];

export const map = mapParameters(entries);

const { combined, noKey, notMapped } = vendorReasons({
  phones: driverText('Cisco multiplatform phones', 'Cisco 多平台话机'),
  driver: 'Cisco MPP',
  brand: 'Cisco',
  unit: driverText('value', '值'),
});
const keyFunction = driverText(
  'Cisco writes a line key’s function inside its Extended Function (fnc=blf+sd;sub=…): set it in the key’s value',
  'Cisco 将线路键的功能写在 Extended Function 中（fnc=blf+sd;sub=…）：请在按键值中设置',
);

const labelOnKey = driverText(
  'Cisco shows an extension’s name on its line key (Short_Name_N_): set it in the line key’s label',
  'Cisco 在线路键上显示分机名称（Short_Name_N_）：请在线路键标签中设置',
);
const alternateLikePrimary = driverText(
  'Cisco has one transport and one registration expiry per extension, used with the alternate proxy too',
  'Cisco 每个分机只有一个传输协议和注册有效期，备用代理同样使用',
);
const noFallbackRule = driverText(
  'Cisco fetches its further profile rules (Profile_Rule_B to _D) one after the other at every resync, not as a fallback when the first fails',
  'Cisco 每次同步依次获取其余配置规则（Profile_Rule_B 至 _D），而不是在第一个失败时作为备用',
);
const notOpenVpn = driverText(
  'Cisco’s VPN client is set by server and tunnel group (VPN_Server, VPN_Tunnel_Group), not by an OpenVPN configuration',
  'Cisco 的 VPN 客户端按服务器和隧道组设置（VPN_Server、VPN_Tunnel_Group），而非 OpenVPN 配置',
);
const offsetsOnly = driverText(
  'Cisco sets the time zone as an offset from GMT only (Time_Zone), not by location',
  'Cisco 仅以相对 GMT 的偏移设置时区（Time_Zone），不按地区设置',
);
const dstByRule = driverText(
  'Cisco writes daylight saving time as a rule of start, end and saving (Daylight_Saving_Time_Rule), not by location',
  'Cisco 以起止时间和偏移的规则写入夏令时（Daylight_Saving_Time_Rule），不按地区设置',
);
const oneLldpSwitch = driverText(
  'Cisco turns LLDP-MED on or off as a whole (Enable_LLDP-MED, set from “Learn VLAN by LLDP”): this announcement cannot be switched on its own',
  'Cisco 只能整体开关 LLDP-MED（Enable_LLDP-MED，取自“通过 LLDP 获取 VLAN”）：此通告不能单独开关',
);
const stunServerOnly = driverText(
  'Cisco names the STUN server by address only (STUN_Server), without a port',
  'Cisco 仅以地址指定 STUN 服务器（STUN_Server），不含端口',
);
const noWeeklyResync = driverText(
  'Cisco resyncs on a period (Resync_Periodic) or daily at one time (Resync_At__HHmm_), not on chosen weekdays within a time window',
  'Cisco 按周期（Resync_Periodic）或每天固定时间（Resync_At__HHmm_）同步，而非在选定星期的时间段内同步',
);
const noDisabledSrtp = driverText(
  'Cisco’s secure call option per extension (Secure_Call_Option_N_: Optional, Required, Strict) has no setting that turns SRTP off',
  'Cisco 每个分机的安全通话选项（Secure_Call_Option_N_：Optional、Required、Strict）没有关闭 SRTP 的设置',
);
const tlsNameCheck = driverText(
  'Cisco checks the TLS peer’s host name per extension (TLS_Name_Validate_N_), not the peer certificate once for the phone',
  'Cisco 按分机校验 TLS 对端的主机名（TLS_Name_Validate_N_），而非整机校验对端证书',
);
const rtpPortRange = driverText(
  'Cisco takes every media port from one RTP port range, starting at RTP_Port_Min (mapped as the local RTP port); this port has no setting of its own',
  'Cisco 的所有媒体端口都取自一个从 RTP_Port_Min（已映射为本地 RTP 端口）开始的 RTP 端口范围；此端口没有单独的设置',
);
/** A per-account catalogue setting Cisco writes once for the whole phone. */
const phoneWide = (element: string) =>
  driverText(
    `Cisco sets this once for the whole phone (${element}), not per extension`,
    `Cisco 为整部话机设置一次（${element}），而非按分机设置`,
  );
/** A phone-wide catalogue setting Cisco writes per extension. */
const perExtension = (element: string) =>
  driverText(
    `Cisco sets this per extension (${element}), not once for the phone`,
    `Cisco 按分机设置（${element}），而非整部话机设置一次`,
  );

/**
 * What Cisco phones lack, or what this driver does not write, with the reason users see. A mapped
 * path is supported even under a pattern here; the first pattern that matches gives the reason.
 */
export const unsupported: UnsupportedParameter[] = [
  { path: 'account.*.register.Label', reason: labelOnKey },
  { path: 'account.*.register.BackupTransport', reason: alternateLikePrimary },
  { path: 'account.*.register.BackupRegisterExpires', reason: alternateLikePrimary },
  { path: 'account.*.advanced.TelephonyVmNumber', reason: phoneWide('Voice_Mail_Number') },
  { path: 'account.*.advanced.SIPServerGenericPollingTimer', reason: phoneWide('NAT_Keep_Alive_Intvl') },
  { path: 'account.*.advanced.DigitMapTimer', reason: phoneWide('Interdigit_Short_Timer') },
  { path: 'account.*.advanced.SIPBlfListUri', reason: phoneWide('BLF_List_URI') },
  { path: 'account.*.advanced.SIPHideIdentityEnable', reason: phoneWide('Block_CID_Setting') },
  { path: 'account.*.advanced.SIPAnonymousRejectEnable', reason: phoneWide('Block_ANC_Setting') },
  { path: 'account.*.advanced.SIPHideIdentityOnCode', reason: phoneWide('Block_CID_Act_Code') },
  { path: 'account.*.advanced.SIPHideIdentityOffCode', reason: phoneWide('Block_CID_Deact_Code') },
  { path: 'account.*.advanced.SIPAnonymousRejectOnCode', reason: phoneWide('Block_ANC_Act_Code') },
  { path: 'account.*.advanced.SIPAnonymousRejectOffCode', reason: phoneWide('Block_ANC_Deact_Code') },
  { path: 'account.*.advanced.SIPGroupServerType', reason: phoneWide('Server_Type') },
  { path: 'account.*.advanced.SIPIntercomEnable', reason: phoneWide('Auto_Answer_Page') },
  { path: 'account.*.advanced.SIPBlfPickupCode', reason: phoneWide('Call_Pickup_Code') },
  { path: 'account.*.advanced.SIPPickupPrefix', reason: phoneWide('Call_Pickup_Code') },
  { path: 'account.*.advanced.SIPRportEnable', reason: phoneWide('Handle_VIA_rport') },
  { path: 'account.*.codec.AudioPayloadTypes', reason: phoneWide('AVT_Dynamic_Payload') },
  { path: 'account.*.advanced.SIPGroupSrtpWorkingMode', reason: noDisabledSrtp },
  { path: 'account', reason: notMapped },
  { path: 'sipFunction.general.SIPLocalPort', reason: perExtension('SIP_Port_N_') },
  { path: 'sipFunction.general.SIPSLocalPort', reason: perExtension('SIP_Port_N_') },
  { path: 'sipFunction.general.SIPSslPeerVerify', reason: tlsNameCheck },
  ...['RTCPLocalPort', 'SRTPLocalPort', 'SRTCPLocalPort'].map((setting) => ({
    path: `sipFunction.general.${setting}`,
    reason: rtpPortRange,
  })),
  { path: 'sipFunction.general.SIPDSCP', reason: perExtension('SIP_TOS_DiffServ_Value_N_') },
  { path: 'sipFunction.general.Audiodiffserv', reason: perExtension('RTP_TOS_DiffServ_Value_N_') },
  { path: 'sipFunction', reason: notMapped },
  { path: 'network.lldp.LldpPowerEnable', reason: oneLldpSwitch },
  { path: 'network.lldp.LldpInventoryEnable', reason: oneLldpSwitch },
  { path: 'network.natVpn.NatStunPort', reason: stunServerOnly },
  { path: 'network.ipsecVpn', reason: noKey },
  { path: 'network.xvpn', reason: noKey },
  { path: 'network.openVpn', reason: notOpenVpn },
  { path: 'network', reason: notMapped },
  { path: 'provision.edm', reason: noKey },
  { path: 'provision.autoProvision.ProvisionBackupUrl', reason: noFallbackRule },
  ...['Enable', 'BeginTime', 'EndTime', 'Days'].map((part) => ({
    path: `provision.autoProvision.ProvisionWeekly${part}`,
    reason: noWeeklyResync,
  })),
  // Profile credentials are written in the rule itself (`--uid`, `--pwd`).
  { path: 'provision.autoProvision.ProvisionUsername', reason: combined },
  { path: 'provision.autoProvision.ProvisionPassword', reason: combined },
  // Cisco's TR-069 page has no STUN settings for the ACS connection.
  { path: 'provision.tr069', reason: noKey },
  { path: 'provision', reason: notMapped },
  ...fixedKeyNames.map((name) => ({ path: `phoneKeys.programKey.${name}`, reason: noKey })),
  { path: 'phoneKeys.programKey.*.Type', reason: keyFunction },
  { path: 'phoneKeys.programKey.*.Extension', reason: noKey },
  { path: 'phoneKeys', reason: notMapped },
  { path: 'settings.timeDate.TimeZoneLocation', reason: offsetsOnly },
  { path: 'settings.timeDate.DSTLocation', reason: dstByRule },
  { path: 'settings.timeDate.DateSeperator', reason: noKey },
  { path: 'settings', reason: notMapped },
  { path: 'function', reason: notMapped },
  { path: 'directoryHistory', reason: notMapped },
  { path: 'maintenance', reason: notMapped },
];
