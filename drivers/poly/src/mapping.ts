import {
  booleanAs,
  type CompositeEntry,
  driverText,
  type MappingEntry,
  mapParameters,
  twoDigitHourClock,
  type UnsupportedParameter,
  type ValueConversion,
  valueMap,
  vendorReasons,
} from '@phonefleet/sdk';

import { blfEntry, codecPreference, dstDay, srtpMode, voicemail } from './composites.js';
import { APP_FILE_PATH } from './format.js';

/** Catalogue paths → UC Software settings (README.md "Facts" names the source of each). */

/** Catalogue transports (0 UDP, 1 TCP, 2 TLS, 3 DNS NAPTR) → UC Software's words. */
const transport = valueMap({ '0': 'UDPOnly', '1': 'TCPOnly', '2': 'TLS', '3': 'DNSnaptr' });

/** Catalogue zones are `±HH:MM` (`00:00` for UTC); `tcpIpApp.sntp.gmtOffset` is in seconds. */
const gmtOffset: ValueConversion = {
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

/** Catalogue weekdays 0 (Sunday) … 6 → UC Software's `dayOfWeek` 1 (Sunday) … 7. */
const dayOfWeek = valueMap(
  Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((day) => [String(day), String(day + 1)])),
);

/** Catalogue DST 0 off, 1 on; 2 (automatic) has no UC equivalent: the phone applies its rules (1). */
const dstEnable = valueMap({ '0': '0', '1': '1' }, { otherwise: '1' });

const dstEdge = (edge: 'Start' | 'End', vendor: 'start' | 'stop'): MappingEntry[] => [
  { path: `settings.timeDate.DST${edge}Month`, key: `tcpIpApp.sntp.daylightSavings.${vendor}.month` },
  {
    path: `settings.timeDate.DST${edge}Weekday`,
    key: `tcpIpApp.sntp.daylightSavings.${vendor}.dayOfWeek`,
    convert: dayOfWeek,
  },
  { path: `settings.timeDate.DST${edge}Hour`, key: `tcpIpApp.sntp.daylightSavings.${vendor}.time` },
];

const line = (path: string, setting: string, convert?: ValueConversion): MappingEntry => ({
  path: `account.{n}.${path}`,
  key: `reg.{n}.${setting}`,
  ...(convert ? { convert } : {}),
});

export const entries: MappingEntry[] = [
  // Registrations (`reg.x`), the first and second server of each.
  line('register.Label', 'label'),
  line('register.DisplayName', 'displayName'),
  line('register.UserName', 'address'),
  line('register.RegisterName', 'auth.userId'),
  line('register.Password', 'auth.password'),
  line('register.ServerAddress', 'server.1.address'),
  line('register.ServerPort', 'server.1.port'),
  line('register.Transport', 'server.1.transport', transport),
  line('register.RegisterExpires', 'server.1.expires'),
  line('register.BackupServerAddress', 'server.2.address'),
  line('register.BackupServerPort', 'server.2.port'),
  line('register.BackupTransport', 'server.2.transport', transport),
  line('register.BackupRegisterExpires', 'server.2.expires'),
  line('register.OutboundProxy', 'outboundProxy.address'),
  line('register.OutboundProxyPort', 'outboundProxy.port'),
  line('advanced.SIPSlaEnable', 'type', valueMap({ '1': 'shared', '0': 'private' })),
  {
    path: 'account.{n}.advanced.SIPMessageWaitingIndicationUri',
    key: 'msg.mwi.{n}.subscribe',
  },
  // The registration's own digit map (it overrides the phone's dialplan.digitmap).
  { path: 'account.{n}.advanced.SIPDigitMap', key: 'dialplan.{n}.digitmap' },
  // One BLF list for the whole phone, subscribed through registration 1 (`attendant.reg`, default 1).
  { path: 'account.1.advanced.SIPBlfListUri', key: 'attendant.uri' },
  // Quality of service, media and SIP signalling.
  { path: 'sipFunction.general.Audiodiffserv', key: 'qos.ip.rtp.dscp' },
  { path: 'sipFunction.general.SIPDSCP', key: 'qos.ip.callControl.dscp' },
  { path: 'sipFunction.general.RTPLocalPort', key: 'tcpIpApp.port.rtp.mediaPortRangeStart' },
  { path: 'sipFunction.general.SIPMaxCall', key: 'call.callsPerLineKey' },
  {
    path: 'sipFunction.general.SIPRfc2543HoldEnable',
    key: 'voIpProt.SIP.useRFC2543hold',
    convert: booleanAs(),
  },
  // Network, provisioning, time, maintenance.
  {
    path: 'network.ipParameter.DHCPMode',
    key: 'device.dhcp.enabled',
    convert: valueMap({ Dynamic: '1', Static: '0' }),
  },
  { path: 'network.ipParameter.IPAddress', key: 'device.net.ipAddress' },
  { path: 'network.ipParameter.SubnetMask', key: 'device.net.subnetMask' },
  { path: 'network.ipParameter.DefaultGateway', key: 'device.net.IPgateway' },
  { path: 'network.ipParameter.PrimaryDNS', key: 'device.dns.serverAddress' },
  { path: 'network.ipParameter.SecondaryDNS', key: 'device.dns.altSrvAddress' },
  { path: 'network.ipParameter.VLANId', key: 'device.net.vlanId' },
  { path: 'network.natVpn.NatPublicIp', key: 'nat.ip' },
  { path: 'network.natVpn.NatKeepAliveInterval', key: 'nat.keepalive.interval' },
  { path: 'provision.autoProvision.ProvisionUrl', key: 'device.prov.serverName' },
  { path: 'provision.autoProvision.ProvisionUsername', key: 'device.prov.user' },
  { path: 'provision.autoProvision.ProvisionPassword', key: 'device.prov.password' },
  {
    path: 'provision.autoProvision.ProvisionPollingEnable',
    key: 'prov.polling.enabled',
    convert: booleanAs(),
  },
  { path: 'provision.autoProvision.ProvisionPollingTimeout', key: 'prov.polling.period' },
  // Polling in a time window: UC Software's random mode polls between the two times.
  {
    path: 'provision.autoProvision.ProvisionWeeklyEnable',
    key: 'prov.polling.mode',
    convert: valueMap({ true: 'random', false: 'rel' }),
  },
  {
    path: 'provision.autoProvision.ProvisionWeeklyBeginTime',
    key: 'prov.polling.time',
    convert: twoDigitHourClock,
  },
  {
    path: 'provision.autoProvision.ProvisionWeeklyEndTime',
    key: 'prov.polling.timeRandomEnd',
    convert: twoDigitHourClock,
  },
  { path: 'settings.timeDate.SntpServer1', key: 'tcpIpApp.sntp.address' },
  { path: 'settings.timeDate.SntpRefreshPeriod', key: 'tcpIpApp.sntp.resyncPeriod' },
  { path: 'settings.timeDate.TimeZone', key: 'tcpIpApp.sntp.gmtOffset', convert: gmtOffset },
  { path: 'settings.timeDate.DSTEnable', key: 'tcpIpApp.sntp.daylightSavings.enable', convert: dstEnable },
  ...dstEdge('Start', 'start'),
  ...dstEdge('End', 'stop'),
  { path: 'maintenance.changePassword.AdminPassword', key: 'device.auth.localAdminPassword' },
  { path: 'maintenance.logCollection.SyslogServer', key: 'device.syslog.serverName' },
];

/**
 * The firmware URL is the master file's application image (`APP_FILE_PATH`, [AG]): the master served
 * to the phone as `<mac>.cfg` carries it; the phone's own file cannot, so a parse of that file leaves
 * it out (hence a composite, which the round trip lets drop what its file cannot hold).
 */
const firmwareUrl: CompositeEntry = {
  paths: ['maintenance.binaryUpdate.FirmwareUrl'],
  keys: [APP_FILE_PATH],
  join: ([url]) => [url === '' ? undefined : url],
  split: ([image]) => [image],
  describe: 'in the master file (`<mac>.cfg`, `000000000000.cfg`), not the phone’s own file',
};

export const map = mapParameters([
  ...entries,
  codecPreference,
  srtpMode,
  voicemail,
  dstDay,
  blfEntry,
  firmwareUrl,
]);

const { noKey, notMapped } = vendorReasons({
  phones: driverText('Poly VVX and Edge E phones', 'Poly VVX 和 Edge E 话机'),
  driver: 'Poly',
  brand: 'Poly',
  unit: driverText('value', '值'),
});
const upgradeSwitch = driverText(
  'UC Software has no switch for this: the phone installs the application image its master file names (APP_FILE_PATH) whenever it differs from the one it runs',
  'UC Software 没有此开关：主配置文件指定的应用映像（APP_FILE_PATH）与话机正在运行的不同时，话机即安装它',
);
const oneSntp = driverText(
  'UC Software takes one SNTP server (tcpIpApp.sntp.address)',
  'UC Software 只有一个 SNTP 服务器（tcpIpApp.sntp.address）',
);
const oneProxy = driverText(
  'UC Software has one outbound proxy per registration (reg.x.outboundProxy)',
  'UC Software 每个注册只有一个出站代理（reg.x.outboundProxy）',
);
const codecs = driverText(
  'UC Software orders codecs once for the whole phone (voice.codecPref.<codec>), not per line: the driver writes line 1’s list',
  'UC Software 对整机只有一个编解码器顺序（voice.codecPref.<codec>），不分线路：本驱动写入线路 1 的列表',
);
const oneBlfList = driverText(
  'UC Software has one BLF list URI for the whole phone (attendant.uri, subscribed by the registration attendant.reg): the driver writes line 1’s',
  'UC Software 整机只有一个 BLF 列表 URI（attendant.uri，由 attendant.reg 指定的注册订阅）：本驱动写入线路 1 的',
);
const blfRegistration = driverText(
  'UC Software subscribes every BLF entry through one registration for the whole phone (attendant.reg), not per key',
  'UC Software 所有 BLF 条目通过整机的一个注册（attendant.reg）订阅，而非按键设置',
);
const oneSrtp = driverText(
  'UC Software sets SRTP once for the whole phone (sec.srtp.enable, offer, require), not per line: the driver writes line 1’s mode',
  'UC Software 对整机只有一个 SRTP 设置（sec.srtp.enable、offer、require），不分线路：本驱动写入线路 1 的模式',
);
const noWeekdays = driverText(
  'UC Software polls once per polling period on a day it derives from the phone’s MAC address; it has no choice of weekdays',
  'UC Software 在每个轮询周期内按话机 MAC 地址推算的某一天轮询，不能选择星期',
);
const hardKeys = driverText(
  'VVX hard keys (Transfer, Messages, Conference, navigation, volume …) keep their fixed functions: UC Software remaps them by a per-model key index (key.<model>.<index>.function.prim), which this driver does not write',
  'VVX 硬键（转接、消息、会议、导航、音量等）保持固定功能：UC Software 按各型号的按键序号（key.<model>.<index>.function.prim）重新映射，本驱动不写入',
);

/**
 * What Poly phones lack, or what this driver does not write, with the reason users see. A mapped
 * path is supported even under a pattern here; the first pattern that matches gives the reason.
 */
export const unsupported: UnsupportedParameter[] = [
  { path: 'maintenance.binaryUpdate.FirmwareAutoUpgradeEnable', reason: upgradeSwitch },
  { path: 'network.ipsecVpn', reason: noKey },
  { path: 'network.xvpn', reason: noKey },
  { path: 'provision.edm', reason: noKey },
  { path: 'provision.autoProvision.ProvisionBackupUrl', reason: noKey },
  { path: 'provision.autoProvision.ProvisionWeeklyDays', reason: noWeekdays },
  { path: 'settings.timeDate.SntpServer2', reason: oneSntp },
  { path: 'account.*.register.BackupOutboundProxy', reason: oneProxy },
  { path: 'account.*.register.BackupOutboundProxyPort', reason: oneProxy },
  { path: 'account.*.codec.SIPPreferredVocoder', reason: codecs },
  { path: 'account.*.advanced.SIPBlfListUri', reason: oneBlfList },
  { path: 'account.*.advanced.SIPGroupSrtpWorkingMode', reason: oneSrtp },
  { path: 'phoneKeys.programKey.*.Account', reason: blfRegistration },
  { path: 'phoneKeys.programKey.*.Extension', reason: noKey },
  { path: 'phoneKeys', reason: hardKeys },
  { path: 'account', reason: notMapped },
  { path: 'sipFunction', reason: notMapped },
  { path: 'network', reason: notMapped },
  { path: 'provision', reason: notMapped },
  { path: 'settings', reason: notMapped },
  { path: 'function', reason: notMapped },
  { path: 'directoryHistory', reason: notMapped },
  { path: 'maintenance', reason: notMapped },
];
