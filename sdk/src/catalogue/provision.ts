import { bool, check, num, password, port, type TabSpec, text, time } from './define.js';
import { weekdayOpts } from './options.js';

export const provisionTab: TabSpec = {
  key: 'provision',
  label: ['Provision', '自动部署'],
  sections: [
    {
      key: 'autoProvision',
      label: ['Auto provision', '自动部署'],
      params: [
        text('ProvisionUrl', ['Provisioning server URL', '配置服务器地址']),
        text('ProvisionBackupUrl', ['Backup provisioning URL', '备用配置服务器地址']),
        text('ProvisionUsername', ['HTTP authentication username', 'HTTP 认证用户名']),
        password('ProvisionPassword', ['HTTP authentication password', 'HTTP 认证密码']),
        bool('ProvisionPollingEnable', ['Periodic polling', '周期轮询'], true),
        // Spec: default 86400 but range "1 to 7200". The phone's own default must be a valid
        // value, so the range ends at it (one day, the console's bound for such timers): 1-86400
        // (docs/api.md "Choices on input").
        num('ProvisionPollingTimeout', ['Polling interval (s)', '轮询间隔（秒）'], 86400, 1, 86400),
        bool('ProvisionWeeklyEnable', ['Polling by weekdays', '按星期轮询'], false),
        time('ProvisionWeeklyBeginTime', ['Weekly polling begin time', '按周轮询开始时间'], '2:00'),
        time('ProvisionWeeklyEndTime', ['Weekly polling end time', '按周轮询结束时间'], '6:00'),
        check('ProvisionWeeklyDays', ['Polling days of week', '轮询日'], '0123456', weekdayOpts),
      ],
    },
    {
      key: 'tr069',
      label: ['TR-069', 'TR-069'],
      params: [
        bool('Tr069Enable', ['TR-069', 'TR-069'], false),
        text('Tr069AcsUrl', ['ACS URL', 'ACS 地址']),
        text('Tr069AcsUsername', ['ACS username', 'ACS 用户名']),
        password('Tr069AcsPassword', ['ACS password', 'ACS 密码']),
        bool('Tr069PeriodicInformEnable', ['Periodic inform', '周期上报'], false),
        num(
          'Tr069PeriodicInformInterval',
          ['Periodic inform interval (s)', '周期上报间隔（秒）'],
          1000,
          1,
          '*',
        ),
        text('Tr069ConnRequestUsername', ['Connection request username', '连接请求用户名']),
        password('Tr069ConnRequestPassword', ['Connection request password', '连接请求密码']),
        bool('Tr069StunEnable', ['STUN', 'STUN'], false),
        text('Tr069StunServer', ['STUN server address', 'STUN 服务器地址']),
        port('Tr069StunPort', ['STUN server port', 'STUN 服务器端口'], 3478),
      ],
    },
    {
      key: 'edm',
      label: ['EDM', 'EDM'],
      params: [
        bool('EdmEnable', ['Enterprise device management', '企业设备管理'], false),
        text('EdmServerUrl', ['EDM server URL', 'EDM 服务器地址']),
        text('EdmUsername', ['EDM username', 'EDM 用户名']),
        password('EdmPassword', ['EDM password', 'EDM 密码']),
      ],
    },
  ],
};
