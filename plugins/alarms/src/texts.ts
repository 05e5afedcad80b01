import { defineTexts, type TextKeyOf } from '@phonefleet/sdk/ui';

/**
 * The alarm area's own words; the common ones (Add, Delete, Export, Site, Reason ...) come from the
 * UI kit. Server messages (the strategy rules of spec §5, alarm reasons) come from the sdk's
 * `messages`, so the wizard's own checks read exactly as the server's refusals.
 */
export const alarmText = defineTexts({
  alarmList: { en: 'Alarm List', zh: '告警列表' },
  strategyList: { en: 'Alarm Strategy', zh: '告警策略' },

  // Alarm types (spec §9; sdk `AlarmType`).
  alarmType1: { en: 'Registration failed', zh: '注册失败' },
  alarmType2: { en: 'Factory reset', zh: '恢复出厂' },
  alarmType3: { en: 'Reboot', zh: '重启' },
  alarmType4: { en: 'Offline', zh: '离线' },
  alarmType6: { en: 'Online', zh: '上线' },
  alarmType8: { en: 'Config update failed', zh: '配置更新失败' },
  alarmType9: { en: 'New firmware notify', zh: '新固件通知' },
  alarmType10: { en: 'Backup failed', zh: '备份失败' },
  alarmType11: { en: 'Bad call quality', zh: '通话质量差' },
  alarmType12: { en: 'Call failed', zh: '呼叫失败' },
  // Levels, states, modes and frequencies (spec §4).
  level1: { en: 'Critical', zh: '严重' },
  level2: { en: 'Major', zh: '重要' },
  level3: { en: 'Minor', zh: '次要' },
  status0: { en: 'Unread', zh: '未读' },
  status1: { en: 'Read', zh: '已读' },
  status2: { en: 'Resolved', zh: '已解决' },
  status3: { en: 'Ignored', zh: '已忽略' },
  mode1: { en: 'Email', zh: '邮件' },
  mode2: { en: 'In-station message', zh: '站内信' },
  mode3: { en: 'Email and in-station message', zh: '邮件和站内信' },
  frequency1: { en: 'Real-time', zh: '实时' },
  frequency2: { en: 'Daily', zh: '每日' },
  frequency3: { en: 'Weekly', zh: '每周' },

  // The alarm list.
  level: { en: 'Level', zh: '级别' },
  type: { en: 'Type', zh: '类型' },
  time: { en: 'Time', zh: '时间' },
  device: { en: 'Device', zh: '设备' },
  state: { en: 'State', zh: '状态' },
  updateType: { en: 'Update type', zh: '更新类型' },
  allLevels: { en: 'All levels', zh: '全部级别' },
  allTypes: { en: 'All types', zh: '全部类型' },
  allStates: { en: 'All states', zh: '全部状态' },
  alarmKeywords: { en: 'MAC or device name', zh: 'MAC 或设备名称' },
  occurrences: { en: '×{count}', zh: '×{count}' },
  firstTime: { en: 'First at {time}, {count} times in all', zh: '首次 {time}，共 {count} 次' },
  markRead: { en: 'Mark read', zh: '标为已读' },
  resolve: { en: 'Resolve', zh: '解决' },
  ignore: { en: 'Ignore', zh: '忽略' },
  allRead: { en: 'All read', zh: '全部已读' },
  deleteRead: { en: 'Delete read alarms', zh: '删除已读告警' },
  deleteAlarmsTitle: { en: 'Delete alarms', zh: '删除告警' },
  deleteAlarmsContent: {
    en: 'Delete the {count} selected alarm(s)?',
    zh: '确定删除选中的 {count} 条告警吗？',
  },
  deleteReadContent: {
    en: 'Delete every alarm that is not unread (read, resolved and ignored)?',
    zh: '确定删除所有非未读的告警（已读、已解决、已忽略）吗？',
  },

  // The strategy list.
  strategyName: { en: 'Strategy name', zh: '策略名称' },
  devices: { en: 'Devices', zh: '设备' },
  content: { en: 'Alarm content', zh: '告警内容' },
  receivers: { en: 'Receivers', zh: '接收人' },
  frequency: { en: 'Frequency', zh: '频率' },
  mode: { en: 'Alarm mode', zh: '告警方式' },
  status: { en: 'Status', zh: '状态' },
  scopeCount: { en: '{scope} ({count})', zh: '{scope}（{count}）' },
  deleteStrategiesTitle: { en: 'Delete strategies', zh: '删除策略' },
  deleteStrategiesContent: {
    en: 'Delete the {count} selected strategy(ies)? Their receivers get no more alarms from them.',
    zh: '确定删除选中的 {count} 个策略吗？其接收人将不再收到这些策略的告警。',
  },
  switchedOn: { en: 'The strategy is on', zh: '策略已开启' },
  switchedOff: { en: 'The strategy is off', zh: '策略已关闭' },

  // The strategy wizard.
  addStrategy: { en: 'Add strategy', zh: '添加策略' },
  editStrategy: { en: 'Edit strategy', zh: '编辑策略' },
  stepReceiver: { en: 'Alarm receiver', zh: '告警接收人' },
  stepContent: { en: 'Alarm content', zh: '告警内容' },
  stepDevices: { en: 'Devices', zh: '设备' },
  frequencyHint: {
    en: 'Daily and weekly send one summary of the period’s alarms.',
    zh: '每日和每周将发送该周期告警的汇总。',
  },
  users: { en: 'Users', zh: '用户' },
  searchUsers: { en: 'Name or email', zh: '名称或邮箱' },
  alarmTypes: { en: 'Alarm types', zh: '告警类型' },
  alarmTypesHint: {
    en: 'Each type is shown with the level its alarms are raised at.',
    zh: '每种类型旁显示其告警的级别。',
  },
  everyType: { en: 'All types', zh: '全部类型' },
  levels: { en: 'Levels', zh: '告警级别' },
  deviceScope: { en: 'Device range', zh: '设备范围' },
  scopeAll: { en: 'All devices', zh: '全部设备' },
  scopeSite: { en: 'Sites', zh: '站点' },
  scopeGroup: { en: 'Groups', zh: '分组' },
  scopeModel: { en: 'Models', zh: '型号' },
  scopeDevice: { en: 'Devices', zh: '设备' },
  scopeAllHint: {
    en: 'Every device of the organisation, also those added later.',
    zh: '组织的全部设备，包括以后添加的设备。',
  },
  sitesHint: { en: 'Each site with its sub-sites.', zh: '每个站点包括其子站点。' },
  chooseSites: { en: 'Choose sites', zh: '选择站点' },
  chooseGroups: { en: 'Choose groups', zh: '选择分组' },
  chooseModels: { en: 'Choose models', zh: '选择型号' },
  finished: { en: 'Strategy “{name}” has been added', zh: '策略“{name}”已添加' },
  finishedOn: {
    en: 'While it is on, its receivers are told of new alarms it covers.',
    zh: '策略开启期间，其接收人将收到所涵盖的新告警通知。',
  },
  notFound: { en: 'The strategy does not exist or has been deleted', zh: '策略不存在或已被删除' },
});

export type AlarmTextKey = TextKeyOf<typeof alarmText>;
