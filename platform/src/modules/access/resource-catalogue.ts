/**
 * The console's resources (sidebar entries, spec §2 "Layout") with the power name routes and
 * API calls check, and the permission buttons each offers. Plugins may add powers of their own;
 * the plugin registry upserts them at boot.
 */
export interface ResourceDefinition {
  power: string;
  rsName: string;
  rsNameCn: string;
  path: string;
  sort: number;
  buttons: string[];
  /** User types whose built-in role includes this resource. */
  grantedTo: ('channel' | 'enterprise')[];
}

const crud = ['add', 'edit', 'delete'];

export const resourceCatalogue: ResourceDefinition[] = [
  { power: 'home', rsName: 'Home', rsNameCn: '首页', path: '/', sort: 0, buttons: [], grantedTo: ['channel', 'enterprise'] },
  { power: 'deviceManagement', rsName: 'Device Management', rsNameCn: '设备管理', path: '/device', sort: 10, buttons: [...crud, 'import', 'export', 'reboot', 'factoryReset', 'upgrade', 'setParam', 'transfer'], grantedTo: ['channel', 'enterprise'] },
  { power: 'diagnostics', rsName: 'Diagnostics', rsNameCn: '设备诊断', path: '/diagnostics', sort: 20, buttons: [], grantedTo: ['channel', 'enterprise'] },
  { power: 'alarmList', rsName: 'Alarm List', rsNameCn: '告警列表', path: '/alarmList', sort: 30, buttons: ['delete', 'read'], grantedTo: ['channel', 'enterprise'] },
  { power: 'alarmStrategy', rsName: 'Alarm Strategy', rsNameCn: '告警策略', path: '/alarmStrategy', sort: 31, buttons: crud, grantedTo: ['channel', 'enterprise'] },
  { power: 'callStatistics', rsName: 'Call Statistics', rsNameCn: '通话统计', path: '/callStatistics', sort: 40, buttons: ['export'], grantedTo: ['channel', 'enterprise'] },
  { power: 'task', rsName: 'Task', rsNameCn: '任务管理', path: '/task', sort: 50, buttons: [...crud, 'start', 'pause', 'runAgain'], grantedTo: ['channel', 'enterprise'] },
  { power: 'firmware', rsName: 'Firmware', rsNameCn: '固件管理', path: '/firmware', sort: 60, buttons: [...crud, 'upload'], grantedTo: ['channel', 'enterprise'] },
  { power: 'sipAccount', rsName: 'SIP Account', rsNameCn: 'SIP 账号', path: '/sipAccount', sort: 70, buttons: [...crud, 'import', 'export', 'assign'], grantedTo: ['channel', 'enterprise'] },
  { power: 'sipServer', rsName: 'SIP Server', rsNameCn: 'SIP 服务器', path: '/sipServer', sort: 71, buttons: crud, grantedTo: ['channel', 'enterprise'] },
  { power: 'site', rsName: 'Site', rsNameCn: '站点管理', path: '/site', sort: 80, buttons: [...crud, 'setParam'], grantedTo: ['channel', 'enterprise'] },
  { power: 'global', rsName: 'Global Configuration', rsNameCn: '全局配置', path: '/global', sort: 90, buttons: ['edit', 'push'], grantedTo: ['channel', 'enterprise'] },
  { power: 'group', rsName: 'Group Configuration', rsNameCn: '分组配置', path: '/group', sort: 91, buttons: [...crud, 'push', 'setParam'], grantedTo: ['channel', 'enterprise'] },
  { power: 'model', rsName: 'Model Configuration', rsNameCn: '机型配置', path: '/model', sort: 92, buttons: [...crud, 'push', 'setParam'], grantedTo: ['channel', 'enterprise'] },
  { power: 'MAC', rsName: 'MAC Configuration', rsNameCn: 'MAC 配置', path: '/MAC', sort: 93, buttons: ['import', 'push', 'delete'], grantedTo: ['channel', 'enterprise'] },
  { power: 'otherResources', rsName: 'Resources', rsNameCn: '资源管理', path: '/otherResources', sort: 100, buttons: [...crud, 'upload', 'push'], grantedTo: ['channel', 'enterprise'] },
  { power: 'enterpriseManagement', rsName: 'Enterprise Management', rsNameCn: '企业管理', path: '/enterpriseManagement', sort: 110, buttons: [...crud, 'export', 'freeze', 'sendEmail'], grantedTo: ['channel'] },
  { power: 'channelManagement', rsName: 'Channel Management', rsNameCn: '渠道管理', path: '/channelManagement', sort: 111, buttons: [...crud, 'export', 'freeze', 'sendEmail'], grantedTo: ['channel'] },
  { power: 'user', rsName: 'User', rsNameCn: '用户管理', path: '/user', sort: 120, buttons: [...crud, 'forbid'], grantedTo: ['channel', 'enterprise'] },
  { power: 'syslog', rsName: 'System Log', rsNameCn: '系统日志', path: '/syslog', sort: 130, buttons: ['export'], grantedTo: ['channel', 'enterprise'] },
  { power: 'backup', rsName: 'Backup', rsNameCn: '备份与恢复', path: '/backup', sort: 140, buttons: ['add', 'delete', 'recover'], grantedTo: [] },
  { power: 'upgrade', rsName: 'System Upgrade', rsNameCn: '系统升级', path: '/upgrade', sort: 141, buttons: ['upload'], grantedTo: [] },
  { power: 'apiService', rsName: 'API Service', rsNameCn: 'API 服务', path: '/apiService', sort: 142, buttons: ['edit'], grantedTo: ['channel', 'enterprise'] },
  { power: 'about', rsName: 'About', rsNameCn: '关于', path: '/about', sort: 150, buttons: [], grantedTo: ['channel', 'enterprise'] },
  { power: 'personnalInfo', rsName: 'Personal Info', rsNameCn: '个人信息', path: '/personnalInfo', sort: 160, buttons: [], grantedTo: ['channel', 'enterprise'] },
  { power: 'authorizedChannels', rsName: 'Authorized Channels', rsNameCn: '授权渠道', path: '/authorizedChannels', sort: 170, buttons: ['authorize', 'cancel'], grantedTo: ['enterprise'] },
];
