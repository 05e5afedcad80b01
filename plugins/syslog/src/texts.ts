import { defineTexts, type TextKeyOf } from '@phonefleet/sdk/ui';

/** The system log's own words; the common ones (Export, Cancel, Save …) come from the UI kit. */
export const syslogText = defineTexts({
  title: { en: 'System Log', zh: '系统日志' },
  userName: { en: 'Username', zh: '用户名' },
  ipAddress: { en: 'IP Address', zh: 'IP 地址' },
  operatingTime: { en: 'Operating Time', zh: '操作时间' },
  level: { en: 'Level', zh: '级别' },
  contents: { en: 'Contents', zh: '内容' },
  allLevels: { en: 'All levels', zh: '全部级别' },
  notice: { en: 'Notice', zh: '通知' },
  info: { en: 'Info', zh: '信息' },
  warning: { en: 'Warning', zh: '警告' },
  keywords: { en: 'Contents or IP address', zh: '内容或 IP 地址' },
  inEnterprise: { en: '{name} (by {user})', zh: '{name}（操作人 {user}）' },
  exportTitle: { en: 'Export system log', zh: '导出系统日志' },
  range1d: { en: '1 day', zh: '1 天' },
  range7d: { en: '7 days', zh: '7 天' },
  rangeCustom: { en: 'Custom', zh: '自定义' },
  rangeAll: { en: 'All', zh: '全部' },
  chooseDays: { en: 'Please choose the days', zh: '请选择日期' },
  retention: { en: 'Retention', zh: '保留期限' },
  retentionDays: { en: 'Keep records for (days)', zh: '记录保留天数' },
});

export type SyslogTextKey = TextKeyOf<typeof syslogText>;
