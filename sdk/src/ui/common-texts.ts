import { useCallback } from 'react';
import type { Language } from '../envelope.js';
import { type TextTable, textLookup } from './kit-texts.js';
import { useLanguage } from './session.js';

/**
 * Words every console area uses (buttons, columns, confirmations, notices), in en and zh-CN. An
 * area's `texts.ts` holds only its own words and looks these up through `defineTexts`.
 */
export const commonTexts = {
  add: { en: 'Add', zh: '添加' },
  edit: { en: 'Edit', zh: '编辑' },
  delete: { en: 'Delete', zh: '删除' },
  cancel: { en: 'Cancel', zh: '取消' },
  save: { en: 'Save', zh: '保存' },
  next: { en: 'Next', zh: '下一步' },
  previous: { en: 'Back', zh: '上一步' },
  back: { en: 'Back', zh: '返回' },
  ok: { en: 'OK', zh: '确定' },
  close: { en: 'Close', zh: '关闭' },
  clear: { en: 'Clear', zh: '清空' },
  refresh: { en: 'Refresh', zh: '刷新' },
  push: { en: 'Push', zh: '推送' },
  setParam: { en: 'Set parameters', zh: '设置参数' },
  import: { en: 'Import', zh: '导入' },
  export: { en: 'Export', zh: '导出' },
  actions: { en: 'Actions', zh: '操作' },
  description: { en: 'Description', zh: '描述' },
  site: { en: 'Site', zh: '站点' },
  allSites: { en: 'All sites', zh: '全部站点' },
  model: { en: 'Model', zh: '型号' },
  macAddress: { en: 'MAC address', zh: 'MAC 地址' },
  deviceName: { en: 'Device name', zh: '设备名称' },
  created: { en: 'Created', zh: '创建时间' },
  startDate: { en: 'Start date', zh: '开始日期' },
  endDate: { en: 'End date', zh: '结束日期' },
  reason: { en: 'Reason', zh: '原因' },
  selected: { en: '{count} selected', zh: '已选 {count} 项' },
  devicesSelected: { en: '{count} device(s) selected', zh: '已选择 {count} 台设备' },
  deviceKeywords: { en: 'MAC, name or S/N', zh: 'MAC、名称或 S/N' },
  done: { en: 'Done', zh: '操作成功' },
  saved: { en: 'Saved successfully', zh: '保存成功' },
  deleted: { en: 'Deleted successfully', zh: '删除成功' },
  taskCreated: { en: 'The task has been created', zh: '任务已创建' },
  confirmSelected: { en: '{action} the {count} selected item(s)?', zh: '确定{action}选中的 {count} 项吗？' },
  stepBasic: { en: 'Basic information', zh: '基本信息' },
  stepParams: { en: 'Set parameters', zh: '设置参数' },
  stepFinish: { en: 'Finish', zh: '完成' },
  unsavedTitle: { en: 'Unsaved changes', zh: '未保存的修改' },
  unsavedLeave: {
    en: 'What you entered has not been saved. Leave this page without saving?',
    zh: '填写的内容尚未保存，确定不保存并离开此页面吗？',
  },
  leave: { en: 'Leave', zh: '离开' },
  stay: { en: 'Stay', zh: '留在此页' },
  // Task types (spec §9) and a device's result in a task (spec §4), as the task and device areas show them.
  taskType1: { en: 'Reboot', zh: '重启' },
  taskType2: { en: 'Factory reset', zh: '恢复出厂设置' },
  taskType3: { en: 'Firmware upgrade', zh: '固件升级' },
  taskType4: { en: 'Model configuration', zh: '机型配置' },
  taskType5: { en: 'Group configuration', zh: '分组配置' },
  taskType6: { en: 'Site configuration', zh: '站点配置' },
  taskType7: { en: 'Global configuration', zh: '全局配置' },
  taskType14: { en: 'Device configuration', zh: '设备配置' },
  taskType8: { en: 'Contacts push', zh: '联系人推送' },
  taskType9: { en: 'Ringtone push', zh: '铃声推送' },
  taskType10: { en: 'Wallpaper push', zh: '壁纸推送' },
  taskType11: { en: 'Client certificate push', zh: '客户端证书推送' },
  taskType12: { en: 'Trusted certificate push', zh: '受信任证书推送' },
  taskType13: { en: 'OpenVPN configuration push', zh: 'OpenVPN 配置推送' },
  resourceType1: { en: 'Local contacts', zh: '本地联系人' },
  resourceType2: { en: 'Ringtone', zh: '铃声' },
  resourceType3: { en: 'Wallpaper', zh: '壁纸' },
  resourceType4: { en: 'Client certificate', zh: '客户端证书' },
  resourceType5: { en: 'Trusted certificate', zh: '受信任证书' },
  resourceType6: { en: 'OpenVPN configuration', zh: 'OpenVPN 配置' },
  taskResult0: { en: 'Scheduled', zh: '待执行' },
  taskResult1: { en: 'Ongoing', zh: '进行中' },
  taskResult2: { en: 'Success', zh: '成功' },
  taskResult3: { en: 'Failed', zh: '失败' },
  taskResult4: { en: 'Cancelled', zh: '已取消' },
  taskResult5: { en: 'Paused', zh: '已暂停' },
  taskResult6: { en: 'Timeout', zh: '超时' },
  taskResult7: { en: 'Finished', zh: '已完成' },
} as const satisfies TextTable<string>;

export type CommonTextKey = keyof typeof commonTexts;
export type TextValues = Record<string, string | number>;

/** Looks up an area's word or a common one, filling `{name}` placeholders. */
export type AreaText<Key extends string> = (
  key: Key | CommonTextKey,
  language: Language,
  values?: TextValues,
) => string;

/** Every key an area's lookup accepts: its own words and the common ones. */
export type TextKeyOf<Lookup> = Lookup extends AreaText<infer Key> ? Key | CommonTextKey : never;

export const commonText: AreaText<never> = textLookup(commonTexts);

/** A task type's name (spec §9); 8–13 are the resource pushes, 14 ours (docs/tasks.md). */
export function taskTypeName(type: number, language: Language): string {
  return type >= 1 && type <= 14 ? commonText(`taskType${type}` as CommonTextKey, language) : String(type);
}

/** A resource type's name (spec §5: 1 local contacts … 6 OpenVPN configuration). */
export function resourceTypeName(type: number, language: Language): string {
  return type >= 1 && type <= 6 ? commonText(`resourceType${type}` as CommonTextKey, language) : String(type);
}

/** A device's result in a task run (spec §4: 0 scheduled … 7 finished). */
export function taskResultName(result: number, language: Language): string {
  return result >= 0 && result <= 7
    ? commonText(`taskResult${result}` as CommonTextKey, language)
    : String(result);
}

/**
 * An area's texts: its own words, and the common ones it may not redefine (a redefinition is a
 * type error), so "Delete" reads the same in every area.
 */
export function defineTexts<Own extends TextTable<string>>(
  own: Own & { [Key in CommonTextKey]?: never },
): AreaText<Extract<keyof Own, string>> {
  return textLookup<Extract<keyof Own, string> | CommonTextKey>({ ...commonTexts, ...own });
}

/** `t(key, values)` in the session's language, for an area's lookup (or the common words alone). */
export function useTexts<Key extends string = never>(
  lookup?: AreaText<Key>,
): (key: Key | CommonTextKey, values?: TextValues) => string {
  const language = useLanguage();
  // Without an area's lookup `Key` is never: only common words are asked for.
  const text = (lookup ?? commonText) as AreaText<Key>;
  return useCallback((key, values) => text(key, language, values), [text, language]);
}
