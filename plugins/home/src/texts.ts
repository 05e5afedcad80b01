import { defineTexts, type TextKeyOf } from '@phonefleet/sdk/ui/core';

/** The home area's own words; the common ones (Add, Delete, Cancel ...) come from the UI kit. */
export const homeText = defineTexts({
  dashboard: { en: 'Dashboard', zh: '概览' },
  totalDevices: { en: 'Total devices', zh: '设备总数' },
  unknownDevices: { en: 'Unknown devices', zh: '未知设备' },
  unknownHint: {
    en: 'Phones that asked for configuration but are not in the console',
    zh: '请求过配置但未添加到平台的话机',
  },
  deviceDistribution: { en: 'Device distribution', zh: '设备分布' },
  online: { en: 'Online', zh: '在线' },
  offline: { en: 'Offline', zh: '离线' },
  abnormal: { en: 'Abnormal', zh: '异常' },
  disabled: { en: 'Disabled', zh: '已禁用' },
  modelStatistics: { en: 'Model statistics', zh: '型号统计' },
  organizationStatistics: { en: 'Organization statistics', zh: '组织统计' },
  sipAccountStatus: { en: 'SIP account status', zh: 'SIP 账号状态' },
  unassigned: { en: 'Unassigned', zh: '未分配' },
  registered: { en: 'Registered', zh: '已注册' },
  unregistered: { en: 'Unregistered', zh: '未注册' },
  callQuality: { en: 'Call quality', zh: '通话质量' },
  good: { en: 'Good', zh: '良好' },
  fair: { en: 'Fair', zh: '一般' },
  poor: { en: 'Poor', zh: '较差' },
  registeredHint: {
    en: 'Phones whose SIP account is registered: account status Normal in the device list',
    zh: 'SIP 账号已注册的话机：设备列表中账号状态为正常',
  },
  noDevices: { en: 'No devices yet', zh: '暂无设备' },
  noSipAccounts: { en: 'No SIP accounts yet', zh: '暂无 SIP 账号' },
  noCalls: { en: 'No calls yet', zh: '暂无通话记录' },
  noOrganizations: { en: 'No channels or enterprises yet', zh: '暂无渠道或企业' },
  channel: { en: 'Channel', zh: '渠道' },
  enterprise: { en: 'Enterprise', zh: '企业' },
});

export type HomeTextKey = TextKeyOf<typeof homeText>;
