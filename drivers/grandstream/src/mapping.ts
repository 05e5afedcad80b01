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
import {
  dtmfModes,
  payloadTypes,
  perAccountSettings,
  sessionTimers,
  staticAddresses,
  timeZoneRule,
  tlsVersion,
} from './composites.js';
import {
  type AccountPValues,
  accountPValues,
  advancedPValues,
  firstFourAccountsPValues,
  multiPurposeKeys,
} from './p-values.js';

/** Catalogue paths → Grandstream P-values (README.md "Sources" for each number and value). */
const on = booleanAs('1', '0');
const off = booleanAs('0', '1');

/** Catalogue phone-key types → multi-purpose key modes; types Grandstream lacks are written None (-1). */
const keyMode = valueMap(
  {
    '0': '-1', // N/A → None
    '1': '0', // Speed dial
    '3': '11', // Directory → LDAP search
    '5': '1', // BLF
    '8': '8', // Transfer
    '9': '12', // Conference
    '10': '6', // Voice mail
    '12': '7', // Call return
    '13': '10', // Intercom
    '14': '9', // Call park
    '17': '5', // DTMF
    '18': '14', // Record
    '21': '13', // Multicast paging
    '101': '15', // History → call log
    '102': '17', // Menu
  },
  { otherwise: '-1' },
);

/** The catalogue numbers accounts from 1, Grandstream's keys from 0 ("0 - Account 1"). */
const accountIndex: ValueConversion = {
  toVendor: (value) => (/^[1-9]\d?$/.test(value) ? String(Number(value) - 1) : value),
  fromVendor: (value) => (/^\d{1,2}$/.test(value) ? String(Number(value) + 1) : undefined),
};

/**
 * The catalogue's periods are in seconds, Grandstream's registration, subscription and NTP periods in
 * minutes: a period that is not a whole number of minutes is rounded up.
 */
const minutes: ValueConversion = {
  toVendor: (value) => (/^\d+$/.test(value) ? String(Math.max(1, Math.ceil(Number(value) / 60))) : value),
  fromVendor: (value) => (value === '' ? '' : /^\d+$/.test(value) ? String(Number(value) * 60) : undefined),
};

/**
 * Catalogue Wi-Fi security (0 none, 1 WEP, 2 WPA-PSK, 3 WPA2-PSK, 4 WPA3-SAE) → P8405 (0 none, 1 WEP,
 * 4 WPA/WPA2 PSK): WPA-PSK and WPA2-PSK are both 4, read back as WPA2-PSK; WPA3-SAE has no value.
 */
const wifiSecurity: ValueConversion = {
  toVendor(value) {
    const vendor = ({ '0': '0', '1': '1', '2': '4', '3': '4' } as Record<string, string>)[value];
    if (vendor === undefined) throw new Error(`no Grandstream Wi-Fi security for ${JSON.stringify(value)}`);
    return vendor;
  },
  fromVendor: (value) => ({ '0': '0', '1': '1', '4': '3' })[value],
  domain: ['0', '1', '3'],
};

const p = (number: number) => `P${number}`;

/**
 * Catalogue server types → Special Feature: standard 100, BroadSoft 102, IMS Huawei 117; types Grandstream
 * has no mode for (Asterisk, 3CX, FreeSWITCH and the others) are written Standard.
 */
const serverType = valueMap({ '0': '100', '1': '102', '101': '117' }, { otherwise: '100' });

/** iLBC frame size: 0 is 20 ms, 1 is 30 ms. */
const ilbcFrame = valueMap({ '20': '0', '30': '1' });

/** Switches are 0/1; the subscription period is in minutes like the registration's. */
const advancedConversions: Readonly<Record<string, ValueConversion>> = {
  SIPHideIdentityEnable: on,
  SIPAnonymousRejectEnable: on,
  SIPServerKeepAliveEnable: on,
  SubscribeExpire: minutes,
  // Catalogue 0 disabled, 1 optional, 2 compulsory: "enabled but not forced", "enabled and forced".
  SIPGroupSrtpWorkingMode: valueMap({ '0': '0', '1': '1', '2': '2' }),
  // Catalogue 0 UAC, 1 UAS; Grandstream's "UAC Specify Refresher" 1 UAC, 2 UAS (0 omits it).
  SIPGroupSessionTimerRefresher: valueMap({ '0': '1', '1': '2' }),
  SIPSipsUriEnable: on,
  // TEL URI: 1 is user=phone, 0 disabled (2, a tel: URI, has no catalogue equivalent).
  SipUserPhoneEnable: on,
  SIPIntercomEnable: on,
};

function accountEntries(line: number, pValues: AccountPValues): MappingEntry[] {
  const register = (key: string, number: number, convert?: ValueConversion): MappingEntry => ({
    path: `account.${line}.register.${key}`,
    key: p(number),
    ...(convert ? { convert } : {}),
  });
  return [
    register('Enable', pValues.enable),
    register('Label', pValues.accountName),
    register('DisplayName', pValues.name),
    register('UserName', pValues.userId),
    register('RegisterName', pValues.authId),
    register('Password', pValues.password),
    register('ServerAddress', pValues.server),
    register('Transport', pValues.transport, valueMap({ '0': '0', '1': '1', '2': '2' }, { otherwise: '0' })),
    register('RegisterExpires', pValues.registerMinutes, minutes),
    register('OutboundProxy', pValues.outboundProxy),
    register('BackupServerAddress', pValues.secondaryServer),
    register('BackupOutboundProxy', pValues.backupOutboundProxy),
    { path: `account.${line}.advanced.TelephonyVmNumber`, key: p(pValues.voicemail) },
    { path: `account.${line}.codec.iLBCFrameMode`, key: p(pValues.ilbcFrame), convert: ilbcFrame },
    { path: `account.${line}.codec.AudioVad`, key: p(pValues.silenceSuppression), convert: on },
    { path: `account.${line}.advanced.SIPGroupServerType`, key: p(pValues.serverType), convert: serverType },
    ...[...Object.entries(advancedPValues), ...Object.entries(firstFourAccountsPValues)].flatMap(
      ([setting, numbers]): MappingEntry[] => {
        const number = (numbers as readonly number[])[line - 1];
        if (number === undefined) return [];
        const convert = advancedConversions[setting];
        return [
          {
            path: `account.${line}.advanced.${setting}`,
            key: p(number),
            ...(convert ? { convert } : {}),
          },
        ];
      },
    ),
  ];
}

const keyEntries: MappingEntry[] = multiPurposeKeys.flatMap((key, index) => {
  const row = `phoneKeys.programKey.${index + 1}`;
  return [
    { path: `${row}.Type`, key: p(key.mode), convert: keyMode },
    { path: `${row}.Account`, key: p(key.account), convert: accountIndex },
    { path: `${row}.Value`, key: p(key.value) },
    { path: `${row}.Label`, key: p(key.description) },
  ];
});

export const entries: (MappingEntry | CompositeEntry)[] = [
  ...accountPValues.flatMap((pValues, index) => accountEntries(index + 1, pValues)),
  // SIP function: layer-3 QoS (DSCP 0–63) and the RTP port.
  { path: 'sipFunction.general.RTPLocalPort', key: 'P39' },
  { path: 'sipFunction.general.Audiodiffserv', key: 'P1559' },
  { path: 'sipFunction.general.SIPDSCP', key: 'P1558' },
  // Call features: Disable Conference and Disable Direct IP Call say the opposite of the catalogue.
  { path: 'sipFunction.general.SIPLocalConfEnable', key: 'P1311', convert: off },
  { path: 'sipFunction.general.SIPPeerToPeerEnable', key: 'P1310', convert: off },
  { path: 'sipFunction.general.SIPDefaultAccount', key: 'P29612', convert: accountIndex },
  tlsVersion,
  ...perAccountSettings,
  ...dtmfModes,
  ...sessionTimers,
  ...payloadTypes,
  // Network: P8 address type (its 2, PPPoE, has no catalogue value and is refused when read), the static
  // addresses one octet per P-value, manual VLAN, its tag, the PC port's tag, LLDP and STUN.
  { path: 'network.ipParameter.DHCPMode', key: 'P8', convert: valueMap({ Dynamic: '0', Static: '1' }) },
  ...staticAddresses,
  { path: 'network.ipParameter.VLANEnable', key: 'P22174', convert: on },
  { path: 'network.ipParameter.VLANId', key: 'P51' },
  { path: 'network.ipParameter.DataVLANId', key: 'P229' },
  { path: 'network.port.PcPortEnable', key: 'P1348', convert: valueMap({ true: '0', false: '1' }) },
  { path: 'network.lldp.LldpVlanEnable', key: 'P1684', convert: on },
  { path: 'network.ipParameter.MTU', key: 'P244' },
  { path: 'network.natVpn.NatStunServer', key: 'P76' },
  { path: 'network.openVpn.OpenVpnEnable', key: 'P7050', convert: on },
  { path: 'network.openVpn.OpenVpnUsername', key: 'P8394' },
  { path: 'network.openVpn.OpenVpnPassword', key: 'P8395' },
  { path: 'network.natVpn.NatPublicIp', key: 'P101' },
  { path: 'network.natVpn.NatKeepAliveInterval', key: 'P84' },
  // Wi-Fi (GRP2615/2616): the first access point.
  { path: 'network.wifi.WifiEnable', key: 'P7800', convert: on },
  { path: 'network.wifi.WifiSsid', key: 'P8403' },
  { path: 'network.wifi.WifiPassword', key: 'P8404' },
  { path: 'network.wifi.WifiSecurity', key: 'P8405', convert: wifiSecurity },
  // Provisioning and TR-069.
  { path: 'provision.autoProvision.ProvisionUrl', key: 'P237' },
  { path: 'provision.autoProvision.ProvisionUsername', key: 'P1360' },
  { path: 'provision.autoProvision.ProvisionPassword', key: 'P1361' },
  { path: 'provision.autoProvision.ProvisionPollingEnable', key: 'P194', convert: on },
  { path: 'provision.autoProvision.ProvisionPollingTimeout', key: 'P193', convert: minutes },
  { path: 'provision.tr069.Tr069AcsUrl', key: 'P4503' },
  { path: 'provision.tr069.Tr069AcsUsername', key: 'P4504' },
  { path: 'provision.tr069.Tr069AcsPassword', key: 'P4505' },
  { path: 'provision.tr069.Tr069PeriodicInformEnable', key: 'P4506', convert: on },
  { path: 'provision.tr069.Tr069PeriodicInformInterval', key: 'P4507' },
  { path: 'provision.tr069.Tr069ConnRequestUsername', key: 'P4511' },
  { path: 'provision.tr069.Tr069ConnRequestPassword', key: 'P4512' },
  // Multi-purpose keys 1–24.
  ...keyEntries,
  // Time and date.
  { path: 'settings.timeDate.SntpServer1', key: 'P30' },
  { path: 'settings.timeDate.SntpServer2', key: 'P8333' },
  { path: 'settings.timeDate.SntpRefreshPeriod', key: 'P5005', convert: minutes },
  timeZoneRule,
  { path: 'settings.timeDate.TimeFormat', key: 'P122', convert: valueMap({ '0': '1', '1': '0' }) },
  {
    path: 'settings.timeDate.DateFormat',
    key: 'P102',
    convert: valueMap({ '0': '0', '1': '1', '2': '2', '3': '3' }, { otherwise: '0' }),
  },
  // Maintenance: what pushes and upgrades need.
  { path: 'maintenance.binaryUpdate.FirmwareUrl', key: 'P192' },
  { path: 'maintenance.changePassword.AdminPassword', key: 'P2' },
  { path: 'maintenance.logCollection.SyslogServer', key: 'P207' },
];

export const map = mapParameters(entries);

const { noKey, notMapped } = vendorReasons({
  phones: driverText('Grandstream GXP/GRP phones', 'Grandstream GXP/GRP 话机'),
  driver: 'Grandstream',
  brand: 'Grandstream',
  unit: driverText('P-value', ' P 值'),
});
const codecs = driverText(
  'Grandstream sets codecs as a list of preference slots (one P-value per slot); this setting has no single P-value',
  'Grandstream 以多个优先级槽位（每个槽位一个 P 值）设置编解码器，此参数没有对应的单一 P 值',
);
const portInAddress = driverText(
  'Grandstream has no port P-value beside the server address, and no public source confirms that the address takes host:port; this driver writes the address only',
  'Grandstream 在服务器地址之外没有端口 P 值，也没有公开资料确认地址可写作 主机:端口；本驱动只写入地址',
);
const templatesDisagree = driverText(
  'Grandstream’s GXP21xx and GRP261x templates give this setting different P-values for accounts 5 and 6; not written for them',
  'Grandstream 的 GXP21xx 与 GRP261x 配置模板对账号 5、6 的此设置给出不同的 P 值；不为其写入',
);
const perAccount = driverText(
  'Grandstream sets this per account (its P-value differs by account), not for the whole phone',
  'Grandstream 按账号设置此项（每个账号的 P 值不同），而非整机设置',
);
const dstByDate = driverText(
  'Grandstream’s self-defined time zone rule (P246) gives DST changes by week of the month only, not by day of the month',
  'Grandstream 的自定义时区规则（P246）只能按月中第几周设置夏令时切换，不能按日期',
);
const localPorts = driverText(
  'Grandstream gives each account its own local SIP port (P40…, 5060, 5062… by default); one port for the whole phone has no P-value',
  'Grandstream 为每个账号设置各自的本地 SIP 端口（P40…，默认 5060、5062…）；整机单一端口没有对应的 P 值',
);
const payloadOnly = driverText(
  'Grandstream sets a packet size as voice frames per packet for all codecs of an account (P37…), not milliseconds per codec',
  'Grandstream 以每包语音帧数为账号的全部编解码器设置打包大小（P37…），而非按编解码器设置毫秒数',
);
const fixedKey = driverText(
  'Grandstream’s hard keys (hold, transfer, conference, mute, navigation, volume…) have fixed functions: no P-value assigns them',
  'Grandstream 的固定按键（保持、转接、会议、静音、导航、音量等）功能固定，没有 P 值可以重新设置',
);
const pollingWindow = driverText(
  'Grandstream checks once a day at an hour (P194 mode 2, P285) or on one weekday (mode 3, P286), not within a time window on chosen days; not mapped',
  'Grandstream 按每天某一小时（P194 模式 2、P285）或每周某一天（模式 3、P286）检查，而非在所选日期的时间段内检查；未映射',
);
const dateSeparator = driverText(
  'Grandstream’s date formats (P102) each come with their own separator; there is no separator setting',
  'Grandstream 的日期格式（P102）自带分隔符，没有单独的分隔符设置',
);

const privacySwitch = driverText(
  'Grandstream only turns the Privacy header on or off per account (P2338…), it does not choose what the header says',
  'Grandstream 只能按账号开关 Privacy 头（P2338…），不能选择其内容',
);
const mwiSwitch = driverText(
  'Grandstream subscribes for message waiting by a switch per account (P99…) to the account’s own server: there is no URI to set',
  'Grandstream 按账号以开关（P99…）向账号自己的服务器订阅留言指示：没有可设置的 URI',
);
const keepAliveKinds = driverText(
  'Grandstream keeps a registration alive by SIP OPTIONS (P2397…, the server keep-alive switch) or by the NAT traversal’s keep-alive (P52…), not by one keep-alive mode',
  'Grandstream 以 SIP OPTIONS（P2397…，即服务器保活开关）或 NAT 穿越的保活（P52…）保持注册，没有单一的保活方式设置',
);
const natModes = driverText(
  'Grandstream’s NAT traversal per account (P52…: no, STUN, keep-alive, UPnP, auto, VPN) has no mode matching the catalogue’s NAT and ICE',
  'Grandstream 按账号的 NAT 穿越（P52…：无、STUN、保活、UPnP、自动、VPN）没有与目录中 NAT 和 ICE 对应的方式',
);
const pickupByBlf = driverText(
  'Grandstream has one call-pickup prefix per account, the BLF call-pickup prefix (P1347…, mapped as the BLF pickup code)',
  'Grandstream 每个账号只有一个代接前缀，即 BLF 代接前缀（P1347…，已映射为 BLF 代接码）',
);
const rtpPortOnly = driverText(
  'Grandstream sets the local RTP port only (P39); there is no P-value for this port',
  'Grandstream 只设置本地 RTP 端口（P39），此端口没有对应的 P 值',
);
const dnsByMode = driverText(
  'Grandstream uses the DNS servers set by hand (P21–P28) with a static address only; with DHCP it takes a preferred DNS server of its own (P92–P95), with no switch',
  'Grandstream 仅在静态地址时使用手工设置的 DNS（P21–P28）；DHCP 时另有首选 DNS 服务器（P92–P95），没有开关',
);

/**
 * What Grandstream phones lack, or what this driver does not write, with the reason users see. A
 * mapped path is supported even under a pattern here; the first pattern that matches gives the reason.
 */
export const unsupported: UnsupportedParameter[] = [
  { path: 'account.*.codec.SIPPreferredVocoder', reason: codecs },
  { path: 'account.*.codec.AudioPacketTime', reason: payloadOnly },
  { path: 'account.*.codec.OpusBandwidth', reason: noKey },
  ...['ServerPort', 'OutboundProxyPort', 'BackupServerPort', 'BackupOutboundProxyPort'].map((key) => ({
    path: `account.*.register.${key}`,
    reason: portInAddress,
  })),
  { path: 'account.*.register.BackupTransport', reason: noKey },
  { path: 'account.*.register.BackupRegisterExpires', reason: noKey },
  { path: 'account.*.register.NatTraversal', reason: natModes },
  ...[5, 6].flatMap((line) =>
    Object.keys(firstFourAccountsPValues).map((setting) => ({
      path: `account.${line}.advanced.${setting}`,
      reason: templatesDisagree,
    })),
  ),
  ...[
    'SIPHideIdentityOnCode',
    'SIPHideIdentityOffCode',
    'SIPAnonymousRejectOnCode',
    'SIPAnonymousRejectOffCode',
  ].map((setting) => ({ path: `account.*.advanced.${setting}`, reason: noKey })),
  { path: 'account.*.advanced.SIPPrivacyMode', reason: privacySwitch },
  { path: 'account.*.advanced.SIPMessageWaitingIndicationUri', reason: mwiSwitch },
  { path: 'account.*.advanced.KeepAliveMode', reason: keepAliveKinds },
  { path: 'account.*.advanced.SIPPickupPrefix', reason: pickupByBlf },
  ...[
    'SIPRportEnable',
    'SIPSlaEnable',
    'SIPTlsAnticipationEnable',
    'SIPVqCollectorUri',
    'FailoverSubscribeExpire',
    'SwitchoverTimer',
  ].map((setting) => ({ path: `account.*.advanced.${setting}`, reason: noKey })),
  { path: 'account.*.advanced', reason: notMapped },
  { path: 'sipFunction.general.SIPLocalPort', reason: localPorts },
  { path: 'sipFunction.general.SIPSLocalPort', reason: localPorts },
  ...['RTCPLocalPort', 'SRTPLocalPort', 'SRTCPLocalPort'].map((setting) => ({
    path: `sipFunction.general.${setting}`,
    reason: rtpPortOnly,
  })),
  ...['SIPMaxCall', 'LocalConfPartyMax', 'SIPSrtpAuthentication', 'ReleaseTimeout', 'SIPRfc5373Enable'].map(
    (setting) => ({ path: `sipFunction.general.${setting}`, reason: noKey }),
  ),
  ...['SIPAutoBlfListEnable', 'SIPPoundKeyEnable', 'SIPFailOverEnable'].map((setting) => ({
    path: `sipFunction.general.${setting}`,
    reason: perAccount,
  })),
  { path: 'sipFunction', reason: notMapped },
  { path: 'network.ipParameter.DataVLANEnable', reason: noKey },
  { path: 'network.ipParameter.StaticDNSEnable', reason: dnsByMode },
  ...['DHCPUserClassEnable', 'DHCPUserClass', 'DHCPUserClassRfcCompliant'].map((setting) => ({
    path: `network.ipParameter.${setting}`,
    reason: noKey,
  })),
  { path: 'network.port', reason: noKey },
  { path: 'network.lldp', reason: noKey },
  { path: 'network.openVpn.OpenVpnConfigUrl', reason: noKey },
  { path: 'network.natVpn.NatTraversalMode', reason: perAccount },
  { path: 'network.natVpn.NatStunPort', reason: portInAddress },
  { path: 'network.ipsecVpn', reason: noKey },
  { path: 'network.xvpn', reason: noKey },
  { path: 'network', reason: notMapped },
  { path: 'provision.edm', reason: noKey },
  { path: 'provision.autoProvision.ProvisionBackupUrl', reason: noKey },
  { path: 'provision.autoProvision.ProvisionWeeklyEnable', reason: pollingWindow },
  { path: 'provision.autoProvision.ProvisionWeeklyBeginTime', reason: pollingWindow },
  { path: 'provision.autoProvision.ProvisionWeeklyEndTime', reason: pollingWindow },
  { path: 'provision.autoProvision.ProvisionWeeklyDays', reason: pollingWindow },
  { path: 'provision.tr069', reason: noKey },
  { path: 'provision', reason: notMapped },
  { path: 'phoneKeys.programKey.*.Extension', reason: noKey },
  ...fixedKeyNames.map((name) => ({ path: `phoneKeys.programKey.${name}`, reason: fixedKey })),
  { path: 'phoneKeys', reason: notMapped },
  { path: 'settings.timeDate.DSTStartDate', reason: dstByDate },
  { path: 'settings.timeDate.DSTEndDate', reason: dstByDate },
  { path: 'settings.timeDate.DateSeperator', reason: dateSeparator },
  { path: 'settings', reason: notMapped },
  { path: 'function', reason: notMapped },
  { path: 'directoryHistory', reason: notMapped },
  { path: 'maintenance', reason: notMapped },
];
