import {
  booleanAs,
  driverText,
  type MappingEntry,
  mapParameters,
  twoDigitHourClock,
  type UnsupportedParameter,
  type ValueConversion,
  valueMap,
  vendorReasons,
} from '@phonefleet/sdk';
import { fixedKeyNames } from '@phonefleet/sdk/catalogue';
import { codecList, digitMap, dstRule, natTraversal } from './composites.js';

/**
 * Catalogue paths → Yealink `.cfg` keys (README.md "Sources" for each key). `{n}` is the account or
 * key number, `{m}` the expansion module; Yealink numbers them from 1 as the catalogue does.
 */
const on = booleanAs('1', '0');

/** Catalogue phone-key types → Yealink DSS key types; types Yealink lacks are written N/A (0). */
const keyType = valueMap(
  {
    '0': '0', // N/A
    '1': '13', // Speed dial
    '2': '15', // Line
    '4': '5', // DND
    '5': '16', // BLF
    '6': '4', // Hold
    '7': '6', // Redial
    '8': '3', // Transfer
    '9': '1', // Conference
    '10': '12', // Voice mail
    '12': '7', // Call return
    '13': '14', // Intercom
    '14': '10', // Call park
    '15': '9', // Directed pickup
    '16': '23', // Group pickup
    '17': '11', // DTMF
    '18': '25', // Record
    '19': '17', // URL
    '21': '24', // Multicast paging
    '23': '18', // Group listening
    '24': '20', // Private hold
    '59': '40', // Prefix
    '60': '34', // Hot desking
  },
  { otherwise: '0' },
);

/** Catalogue zones are `±HH:MM` (UTC itself `00:00`); Yealink writes `+8`, `-3:30`, `0`. */
const timeZone: ValueConversion = {
  toVendor(value) {
    if (value === '00:00') return '0';
    const match = /^([+-])(\d{2}):(\d{2})$/.exec(value);
    if (!match) return value;
    const hours = Number(match[2]);
    const minutes = match[3] === '00' ? '' : `:${match[3]}`;
    if (hours === 0 && !minutes) return '0';
    return `${match[1]}${hours}${minutes}`;
  },
  fromVendor(value) {
    if (value === '0') return '00:00';
    const match = /^([+-])(\d{1,2})(?::(\d{2}))?$/.exec(value);
    if (!match) return undefined;
    return `${match[1]}${match[2]?.padStart(2, '0')}:${match[3] ?? '00'}`;
  },
};

/**
 * The catalogue's polling period is in seconds, Yealink's `auto_provision.repeat.minutes` in minutes:
 * a period that is not a whole number of minutes is rounded up.
 */
const minutes: ValueConversion = {
  toVendor: (value) => (/^\d+$/.test(value) ? String(Math.max(1, Math.ceil(Number(value) / 60))) : value),
  fromVendor: (value) => (/^\d+$/.test(value) ? String(Number(value) * 60) : undefined),
};

const account = (path: string, key: string, convert?: ValueConversion): MappingEntry => ({
  path: `account.{n}.${path}`,
  key: `account.{n}.${key}`,
  ...(convert ? { convert } : {}),
});

const keyCells = (pathBase: string, keyBase: string): MappingEntry[] => [
  { path: `${pathBase}.Type`, key: `${keyBase}.type`, convert: keyType },
  { path: `${pathBase}.Account`, key: `${keyBase}.line` },
  { path: `${pathBase}.Value`, key: `${keyBase}.value` },
  { path: `${pathBase}.Label`, key: `${keyBase}.label` },
  { path: `${pathBase}.Extension`, key: `${keyBase}.extension` },
];

export const entries: MappingEntry[] = [
  // SIP registration of each line (sdk lines.ts), written from the bound account.
  account('register.Enable', 'enable'),
  account('register.Label', 'label'),
  account('register.DisplayName', 'display_name'),
  account('register.UserName', 'user_name'),
  account('register.RegisterName', 'auth_name'),
  account('register.Password', 'password'),
  account('register.ServerAddress', 'sip_server.1.address'),
  account('register.ServerPort', 'sip_server.1.port'),
  account('register.Transport', 'sip_server.1.transport_type'),
  account('register.RegisterExpires', 'sip_server.1.expires'),
  account('register.OutboundProxy', 'outbound_proxy.1.address'),
  account('register.OutboundProxyPort', 'outbound_proxy.1.port'),
  account('register.BackupServerAddress', 'sip_server.2.address'),
  account('register.BackupServerPort', 'sip_server.2.port'),
  account('register.BackupTransport', 'sip_server.2.transport_type'),
  account('register.BackupRegisterExpires', 'sip_server.2.expires'),
  account('register.BackupOutboundProxy', 'outbound_proxy.2.address'),
  account('register.BackupOutboundProxyPort', 'outbound_proxy.2.port'),
  // Account tab, advanced section.
  { path: 'account.{n}.advanced.TelephonyVmNumber', key: 'voice_mail.number.{n}' },
  account('advanced.SIPNConfUri', 'conf_uri'),
  // Yealink knows Default (0) and BroadSoft (2) only; every other server type is written Default.
  account(
    'advanced.SIPGroupServerType',
    'sip_server_type',
    valueMap({ '0': '0', '1': '2' }, { otherwise: '0' }),
  ),
  account(
    'advanced.SIPGroupDtmfMode',
    'dtmf.type',
    valueMap({ '0': '0', '2': '1', '1': '2', '3': '3' }, { otherwise: '1' }),
  ),
  account('advanced.SIPGroupSrtpWorkingMode', 'srtp_encryption'),
  account('advanced.SIPServerKeepAliveEnable', 'nat.udp_update_enable', on),
  account('advanced.SIPServerGenericPollingTimer', 'nat.udp_update_time'),
  account('advanced.SIPGroupSessionTimer', 'session_timer.expires'),
  account('advanced.SIPGroupSessionTimerRefresher', 'session_timer.refresher'),
  account('advanced.SIPBlfListUri', 'blf.blf_list_uri'),
  account('advanced.SIPBlfPickupCode', 'blf_list_code'),
  account('advanced.SIPHideIdentityEnable', 'anonymous_call', on),
  account('advanced.SIPHideIdentityOnCode', 'anonymous_call_oncode'),
  account('advanced.SIPHideIdentityOffCode', 'anonymous_call_offcode'),
  account('advanced.SIPAnonymousRejectEnable', 'reject_anonymous_call', on),
  account('advanced.SIPAnonymousRejectOnCode', 'anonymous_reject_oncode'),
  account('advanced.SIPAnonymousRejectOffCode', 'anonymous_reject_offcode'),
  account('advanced.SIPRportEnable', 'nat.rport', on),
  account('advanced.SIPPickupPrefix', 'direct_pickup_code'),
  account('advanced.SipUserPhoneEnable', 'enable_user_equal_phone', on),
  account('advanced.SIPSlaEnable', 'shared_line', on),
  account('advanced.SubscribeExpire', 'blf.subscribe_period'),
  account('advanced.SwitchoverTimer', 'fallback.timeout'),
  // The line's digit-map timer (the T letter's wait); read by the phone only while the digit map is on.
  account('advanced.DigitMapTimer', 'dialplan.digitmap.interdigit_short_timer'),
  // SIP function.
  { path: 'sipFunction.general.SIPLocalPort', key: 'sip.listen_port' },
  { path: 'sipFunction.general.SIPSLocalPort', key: 'sip.tls_listen_port' },
  { path: 'sipFunction.general.RTPLocalPort', key: 'static.network.port.min_rtpport' },
  { path: 'sipFunction.general.Audiodiffserv', key: 'static.network.qos.audiotos' },
  { path: 'sipFunction.general.SIPDSCP', key: 'static.network.qos.signaltos' },
  { path: 'sipFunction.general.SIPSslPeerVerify', key: 'static.security.trust_certificates', convert: on },
  { path: 'sipFunction.general.SIPPeerToPeerEnable', key: 'features.direct_ip_call_enable', convert: on },
  { path: 'sipFunction.general.SIPRfc2543HoldEnable', key: 'sip.rfc2543_hold', convert: on },
  { path: 'sipFunction.general.SIPPeerFilterEnable', key: 'sip.trust_ctrl', convert: on },
  { path: 'sipFunction.general.SIPLocalConfEnable', key: 'features.conference.local.enable', convert: on },
  // Concurrent calls per line key, for every line (0 would be no limit; the catalogue's 1–5 are kept).
  { path: 'sipFunction.general.SIPMaxCall', key: 'phone_setting.call_appearance.calls_per_linekey' },
  // Network.
  {
    path: 'network.ipParameter.DHCPMode',
    key: 'static.network.internet_port.type',
    convert: valueMap({ Dynamic: '0', Static: '2' }),
  },
  { path: 'network.ipParameter.IPAddress', key: 'static.network.internet_port.ip' },
  { path: 'network.ipParameter.SubnetMask', key: 'static.network.internet_port.mask' },
  { path: 'network.ipParameter.DefaultGateway', key: 'static.network.internet_port.gateway' },
  { path: 'network.ipParameter.StaticDNSEnable', key: 'static.network.static_dns_enable', convert: on },
  { path: 'network.ipParameter.PrimaryDNS', key: 'static.network.primary_dns' },
  { path: 'network.ipParameter.SecondaryDNS', key: 'static.network.secondary_dns' },
  { path: 'network.ipParameter.VLANEnable', key: 'static.network.vlan.internet_port_enable', convert: on },
  { path: 'network.ipParameter.VLANId', key: 'static.network.vlan.internet_port_vid' },
  { path: 'network.ipParameter.DataVLANEnable', key: 'static.network.vlan.pc_port_enable', convert: on },
  { path: 'network.ipParameter.DataVLANId', key: 'static.network.vlan.pc_port_vid' },
  { path: 'network.ipParameter.MTU', key: 'static.network.mtu_value' },
  { path: 'network.port.PcPortEnable', key: 'static.network.pc_port.enable', convert: on },
  { path: 'network.lldp.LldpVlanEnable', key: 'static.network.lldp.enable', convert: on },
  { path: 'network.natVpn.NatStunServer', key: 'static.sip.nat_stun.server' },
  { path: 'network.natVpn.NatStunPort', key: 'static.sip.nat_stun.port' },
  { path: 'network.natVpn.NatPublicIp', key: 'static.network.static_nat.addr' },
  { path: 'network.openVpn.OpenVpnEnable', key: 'static.network.vpn_enable', convert: on },
  { path: 'network.openVpn.OpenVpnConfigUrl', key: 'static.openvpn.url' },
  { path: 'network.wifi.WifiEnable', key: 'static.wifi.enable', convert: on },
  { path: 'network.wifi.WifiSsid', key: 'static.wifi.1.ssid' },
  {
    path: 'network.wifi.WifiSecurity',
    key: 'static.wifi.1.security_mode',
    convert: valueMap({ '0': 'NONE', '1': 'WEP', '2': 'WPA-PSK', '3': 'WPA2-PSK', '4': 'WPA3-SAE' }),
  },
  { path: 'network.wifi.WifiPassword', key: 'static.wifi.1.password' },
  // Auto provisioning and TR-069.
  { path: 'provision.autoProvision.ProvisionUrl', key: 'static.auto_provision.server.url' },
  { path: 'provision.autoProvision.ProvisionUsername', key: 'static.auto_provision.server.username' },
  { path: 'provision.autoProvision.ProvisionPassword', key: 'static.auto_provision.server.password' },
  {
    path: 'provision.autoProvision.ProvisionPollingTimeout',
    key: 'static.auto_provision.repeat.minutes',
    convert: minutes,
  },
  {
    path: 'provision.autoProvision.ProvisionPollingEnable',
    key: 'static.auto_provision.repeat.enable',
    convert: on,
  },
  {
    path: 'provision.autoProvision.ProvisionWeeklyEnable',
    key: 'static.auto_provision.weekly.enable',
    convert: on,
  },
  {
    path: 'provision.autoProvision.ProvisionWeeklyBeginTime',
    key: 'static.auto_provision.weekly.begin_time',
    convert: twoDigitHourClock,
  },
  {
    path: 'provision.autoProvision.ProvisionWeeklyEndTime',
    key: 'static.auto_provision.weekly.end_time',
    convert: twoDigitHourClock,
  },
  { path: 'provision.autoProvision.ProvisionWeeklyDays', key: 'static.auto_provision.weekly.dayofweek' },
  { path: 'provision.tr069.Tr069Enable', key: 'static.managementserver.enable', convert: on },
  { path: 'provision.tr069.Tr069AcsUrl', key: 'static.managementserver.url' },
  { path: 'provision.tr069.Tr069AcsUsername', key: 'static.managementserver.username' },
  { path: 'provision.tr069.Tr069AcsPassword', key: 'static.managementserver.password' },
  {
    path: 'provision.tr069.Tr069PeriodicInformEnable',
    key: 'static.managementserver.periodic_inform_enable',
    convert: on,
  },
  {
    path: 'provision.tr069.Tr069PeriodicInformInterval',
    key: 'static.managementserver.periodic_inform_interval',
  },
  {
    path: 'provision.tr069.Tr069ConnRequestUsername',
    key: 'static.managementserver.connection_request_username',
  },
  {
    path: 'provision.tr069.Tr069ConnRequestPassword',
    key: 'static.managementserver.connection_request_password',
  },
  // Phone keys: line keys, soft keys, expansion-module keys.
  ...keyCells('phoneKeys.programKey.{n}', 'linekey.{n}'),
  ...keyCells('phoneKeys.dynamicKey.{n}', 'programablekey.{n}'),
  ...keyCells('phoneKeys.extKey.Aom{m}ProgKey.{n}', 'expansion_module.{m}.key.{n}'),
  // Time and date.
  { path: 'settings.timeDate.SntpServer1', key: 'local_time.ntp_server1' },
  { path: 'settings.timeDate.SntpServer2', key: 'local_time.ntp_server2' },
  { path: 'settings.timeDate.SntpRefreshPeriod', key: 'local_time.interval' },
  { path: 'settings.timeDate.TimeZone', key: 'local_time.time_zone', convert: timeZone },
  { path: 'settings.timeDate.DSTEnable', key: 'local_time.summer_time' },
  { path: 'settings.timeDate.DSTOffset', key: 'local_time.offset_time' },
  {
    path: 'settings.timeDate.TimeFormat',
    key: 'local_time.time_format',
    convert: valueMap({ '0': '1', '1': '0' }),
  },
  // Maintenance: what pushes and upgrades need.
  { path: 'maintenance.binaryUpdate.FirmwareUrl', key: 'static.firmware.url' },
  { path: 'maintenance.changePassword.AdminPassword', key: 'static.security.user_password' },
  { path: 'maintenance.logCollection.SyslogServer', key: 'static.syslog.server' },
  { path: 'maintenance.logCollection.SyslogPort', key: 'static.syslog.server_port' },
  { path: 'maintenance.certificateManagement.TrustedCertificateUrl', key: 'static.trusted_certificates.url' },
  { path: 'function.actionUrl.ActionUrlSetupCompleted', key: 'action_url.setup_completed' },
  { path: 'function.actionUrl.ActionUrlRegistered', key: 'action_url.registered' },
  { path: 'function.actionUrl.ActionUrlUnregistered', key: 'action_url.unregistered' },
  { path: 'function.actionUrl.ActionUrlRegisterFailed', key: 'action_url.register_failed' },
  { path: 'function.actionUrl.ActionUrlCallEnd', key: 'action_url.call_terminated' },
];

export const map = mapParameters([...entries, codecList, digitMap, dstRule, natTraversal]);

const { combined, noKey, notMapped } = vendorReasons({
  phones: driverText('Yealink IP phones', 'Yealink 话机'),
  driver: 'Yealink',
  brand: 'Yealink',
  unit: driverText('key', '配置项'),
});
const perCodec = driverText(
  'Yealink sets codecs one by one (account.N.codec.X.enable/priority); this setting has no single Yealink key',
  'Yealink 按编解码器逐个设置，此参数没有对应的单一 Yealink 配置项',
);
const retryPerAccount = driverText(
  'Yealink sets the registration retry interval per account (account.N.reg_fail_retry_interval), not once for the phone',
  'Yealink 按账号设置注册失败重试间隔（account.N.reg_fail_retry_interval），而非整部话机设置一次',
);
const mwiToAccountOrVoiceMail = driverText(
  'Yealink phones subscribe for message waiting to the account itself or to its voice-mail number; they take no separate MWI URI',
  'Yealink 话机向账号本身或其语音信箱号码订阅留言指示，不支持单独的 MWI URI',
);
const intercomPhoneWide = driverText(
  'Yealink accepts or refuses incoming intercom calls once for the whole phone (Features > Intercom), not per account',
  'Yealink 对整部话机统一设置是否接受对讲来电（功能 > 对讲），不能按账号设置',
);
const mediaPortRange = driverText(
  'Yealink configures one local media port range (static.network.port.min_rtpport/max_rtpport, the first mapped from the RTP port) and has no separate SRTP or RTCP port setting',
  'Yealink 只设置一个本地媒体端口范围（static.network.port.min_rtpport/max_rtpport，前者由 RTP 端口写入），没有单独的 SRTP 或 RTCP 端口设置',
);
const failoverPerAccount = driverText(
  'Yealink sets server failover per account (account.N.fallback.redundancy_type, account.N.sip_server.M.failback_mode), not once for the phone',
  'Yealink 按账号设置服务器故障切换（account.N.fallback.redundancy_type、account.N.sip_server.M.failback_mode），而非整部话机设置一次',
);
const keepAlivePerAccount = driverText(
  'Yealink sets the NAT keep-alive interval per account (account.N.nat.udp_update_time): set it in each account’s keep-alive period',
  'Yealink 按账号设置 NAT 保活间隔（account.N.nat.udp_update_time）：请在各账号的保活周期中设置',
);

/**
 * What Yealink phones lack, or what this driver does not write, with the reason users see. A mapped
 * path is supported even under a pattern here; the first pattern that matches gives the reason.
 */
export const unsupported: UnsupportedParameter[] = [
  ...['OpusBandwidth', 'iLBCFrameMode', 'AudioPacketTime', 'AudioPayloadTypes', 'AudioVad'].map((key) => ({
    path: `account.*.codec.${key}`,
    reason: perCodec,
  })),
  { path: 'account.*.register.NatTraversal', reason: combined },
  ...[
    'KeepAliveMode',
    'SIPVqCollectorUri',
    'SIPPrivacyMode',
    'SIPSipsUriEnable',
    'SIPTlsAnticipationEnable',
    'FailoverSubscribeExpire',
  ].map((key) => ({ path: `account.*.advanced.${key}`, reason: notMapped })),
  { path: 'account.*.advanced.SIPMessageWaitingIndicationUri', reason: mwiToAccountOrVoiceMail },
  { path: 'account.*.advanced.SIPIntercomEnable', reason: intercomPhoneWide },
  { path: 'sipFunction.general.SIPRegisterRetry', reason: retryPerAccount },
  { path: 'sipFunction.general.SIPFailOverEnable', reason: failoverPerAccount },
  ...['SRTPLocalPort', 'SRTCPLocalPort', 'RTCPLocalPort'].map((key) => ({
    path: `sipFunction.general.${key}`,
    reason: mediaPortRange,
  })),
  { path: 'sipFunction', reason: notMapped },
  { path: 'network.ipParameter', reason: notMapped },
  { path: 'network.port', reason: combined },
  { path: 'network.lldp', reason: noKey },
  { path: 'network.ipsecVpn', reason: noKey },
  { path: 'network.natVpn.NatKeepAliveInterval', reason: keepAlivePerAccount },
  { path: 'network.natVpn', reason: notMapped },
  { path: 'network.openVpn', reason: combined },
  { path: 'network.xvpn', reason: noKey },
  { path: 'provision.autoProvision', reason: notMapped },
  { path: 'provision.tr069', reason: notMapped },
  { path: 'provision.edm', reason: noKey },
  ...fixedKeyNames.map((name) => ({ path: `phoneKeys.programKey.${name}`, reason: notMapped })),
  { path: 'phoneKeys.dssKey', reason: noKey },
  { path: 'settings.timeDate', reason: combined },
  { path: 'settings', reason: notMapped },
  { path: 'function', reason: notMapped },
  { path: 'directoryHistory', reason: notMapped },
  { path: 'maintenance', reason: notMapped },
];
