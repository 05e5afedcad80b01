import { bool, num, password, select, type TabSpec, text } from './define.js';

export const maintenanceTab: TabSpec = {
  key: 'maintenance',
  label: ['Maintenance', '维护'],
  sections: [
    {
      key: 'logCollection',
      label: ['Log collection', '日志收集'],
      params: [
        bool('SyslogEnable', ['Remote log', '远程日志'], false),
        text('SyslogServer', ['Log server address', '日志服务器地址']),
        num('SyslogPort', ['Log server port', '日志服务器端口'], 514, 1, 65535),
        select('SyslogProtocol', ['Transport', '传输协议'], 'udp', [
          ['udp', 'UDP', 'UDP'],
          ['tcp', 'TCP', 'TCP'],
        ]),
      ],
    },
    {
      key: 'changePassword',
      label: ['Change password', '修改密码'],
      params: [
        password('AdminPassword', ['Administrator password', '管理员密码'], {
          tooltip: [
            'Web and keypad administrator password. Empty keeps the phone factory default.',
            '网页和按键管理员密码。为空时保留话机出厂默认值。',
          ],
        }),
      ],
    },
    {
      key: 'security',
      label: ['Security', '安全'],
      params: [
        bool('SSHEnable', ['SSH access', 'SSH 访问'], false),
        bool('TelnetEnable', ['Telnet access', 'Telnet 访问'], false),
      ],
    },
    {
      key: 'binaryUpdate',
      label: ['Firmware update', '固件升级'],
      params: [
        text('FirmwareUrl', ['Firmware URL', '固件地址']),
        bool(
          'FirmwareAutoUpgradeEnable',
          ['Upgrade when a new firmware is found', '发现新固件时自动升级'],
          false,
        ),
      ],
    },
    {
      key: 'certificateManagement',
      label: ['Certificates', '证书管理'],
      params: [
        text('TrustedCertificateUrl', ['Trusted certificate URL', '受信任证书地址']),
        text('ClientCertificateUrl', ['Client certificate URL', '客户端证书地址']),
        bool(
          'OnlyTrustedCertificatesEnable',
          ['Accept only trusted certificates', '仅接受受信任证书'],
          false,
        ),
      ],
    },
    {
      key: 'configfileImportExport',
      label: ['Configuration file', '配置文件'],
      params: [
        text('ConfigImportUrl', ['Configuration file to import (URL)', '导入配置文件地址']),
        bool('ConfigExportEncryptEnable', ['Encrypt exported configuration', '加密导出的配置'], false),
      ],
    },
    {
      key: 'restoreFactory',
      label: ['Factory reset', '恢复出厂'],
      params: [
        bool('FactoryResetByKeypadEnable', ['Allow factory reset from the keypad', '允许按键恢复出厂'], true),
        bool('FactoryResetKeepUserDataEnable', ['Keep user data on reset', '恢复出厂时保留用户数据'], false),
      ],
    },
  ],
};
