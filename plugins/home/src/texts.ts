import type { Language } from '@phonefleet/sdk';

const en = {
  dashboard: 'Dashboard',
  totalDevices: 'Total devices',
  unknownDevices: 'Unknown devices',
  unknownHint: 'Phones that asked for configuration but are not in the console',
  deviceDistribution: 'Device distribution',
  online: 'Online',
  offline: 'Offline',
  abnormal: 'Abnormal',
  disabled: 'Disabled',
  modelStatistics: 'Model statistics',
  organizationStatistics: 'Organization statistics',
  sipAccountStatus: 'SIP account status',
  unassigned: 'Unassigned',
  registered: 'Registered',
  unregistered: 'Unregistered',
  callQuality: 'Call quality',
  good: 'Good',
  fair: 'Fair',
  poor: 'Poor',
  noData: 'No data',
  channel: 'Channel',
  enterprise: 'Enterprise',
  refresh: 'Refresh',
};

export type HomeTextKey = keyof typeof en;

const zh: Record<HomeTextKey, string> = {
  dashboard: '概览',
  totalDevices: '设备总数',
  unknownDevices: '未知设备',
  unknownHint: '请求过配置但未添加到平台的话机',
  deviceDistribution: '设备分布',
  online: '在线',
  offline: '离线',
  abnormal: '异常',
  disabled: '已禁用',
  modelStatistics: '型号统计',
  organizationStatistics: '组织统计',
  sipAccountStatus: 'SIP 账号状态',
  unassigned: '未分配',
  registered: '已注册',
  unregistered: '未注册',
  callQuality: '通话质量',
  good: '良好',
  fair: '一般',
  poor: '较差',
  noData: '暂无数据',
  channel: '渠道',
  enterprise: '企业',
  refresh: '刷新',
};

export function homeText(key: HomeTextKey, language: Language): string {
  return language === 'zh-CN' ? zh[key] : en[key];
}
