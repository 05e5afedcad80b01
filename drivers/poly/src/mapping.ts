import {
  type DriverText,
  type MappingEntry,
  mapParameters,
  type ValueConversion,
  valueMap,
} from '@phonefleet/sdk';

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
  line('advanced.SIPSlaEnable', 'type', valueMap({ '1': 'shared', '0': 'private' })),
  // Quality of service.
  { path: 'sipFunction.general.Audiodiffserv', key: 'qos.ip.rtp.dscp' },
  { path: 'sipFunction.general.SIPDSCP', key: 'qos.ip.callControl.dscp' },
  // Network, provisioning, time, maintenance.
  { path: 'network.ipParameter.VLANId', key: 'device.net.vlanId' },
  { path: 'provision.autoProvision.ProvisionPollingTimeout', key: 'prov.polling.period' },
  { path: 'settings.timeDate.SntpServer1', key: 'tcpIpApp.sntp.address' },
  { path: 'settings.timeDate.TimeZone', key: 'tcpIpApp.sntp.gmtOffset', convert: gmtOffset },
  { path: 'maintenance.changePassword.AdminPassword', key: 'device.auth.localAdminPassword' },
  { path: 'maintenance.logCollection.SyslogServer', key: 'device.syslog.serverName' },
];

export const map = mapParameters(entries);

const reason = (en: string, zh: string): DriverText => ({ en, 'zh-CN': zh });
const noKey = reason('Poly VVX phones have no equivalent setting', 'Poly VVX 话机没有对应的设置');
const master = reason(
  'Poly phones read this from the master configuration file (APP_FILE_PATH), which this driver writes without the device’s values yet',
  'Poly 话机从主配置文件（APP_FILE_PATH）读取此项，本驱动写主配置文件时尚不带设备的取值',
);
const notMapped = reason(
  'Not mapped by the Poly driver yet: this setting does not reach Poly phones',
  'Poly 驱动尚未映射此参数：它不会下发到 Poly 话机',
);

/**
 * What Poly phones lack, or what this driver does not write, with the reason users see. A mapped
 * path is supported even under a pattern here; the first pattern that matches gives the reason.
 */
export const unsupported: { path: string; reason: DriverText }[] = [
  { path: 'maintenance.binaryUpdate', reason: master },
  { path: 'network.ipsecVpn', reason: noKey },
  { path: 'network.xvpn', reason: noKey },
  { path: 'provision.edm', reason: noKey },
  { path: 'account', reason: notMapped },
  { path: 'sipFunction', reason: notMapped },
  { path: 'network', reason: notMapped },
  { path: 'provision', reason: notMapped },
  { path: 'phoneKeys', reason: notMapped },
  { path: 'settings', reason: notMapped },
  { path: 'function', reason: notMapped },
  { path: 'directoryHistory', reason: notMapped },
  { path: 'maintenance', reason: notMapped },
];
