import { defineTexts, type TextKeyOf } from '@phonefleet/sdk/ui';

/** The group area's own words; the common ones (Add, Delete, Cancel ...) come from the UI kit. */
export const groupText = defineTexts({
  title: { en: 'Groups', zh: '分组' },
  groupName: { en: 'Group name', zh: '分组名称' },
  devices: { en: 'Devices', zh: '设备数' },
  addGroup: { en: 'Add group', zh: '添加分组' },
  editGroup: { en: 'Edit group', zh: '编辑分组' },
  stepDevices: { en: 'Group device', zh: '分组设备' },
  siteHint: {
    en: 'Optional: the group then takes devices of this site and its sub-sites only',
    zh: '可选：选择后分组只能包含该站点及其子站点的设备',
  },
  deleteTitle: { en: 'Delete groups', zh: '删除分组' },
  deleteContent: {
    en: 'Delete {count} group(s)? Their parameters are permanently deleted and their timer tasks are deleted too. The devices stay.',
    zh: '确定删除 {count} 个分组吗？其参数将被永久删除，定时任务也会被删除，设备保留。',
  },
  finished: { en: 'Group “{name}” is ready', zh: '分组“{name}”已就绪' },
  finishedHint: {
    en: 'Push it to send its parameters to the devices of the group.',
    zh: '推送后，分组中的设备将获取这些参数。',
  },
  notFound: { en: 'The group does not exist', zh: '分组不存在' },
});

export type GroupTextKey = TextKeyOf<typeof groupText>;
