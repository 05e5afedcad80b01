import type { Language } from '../../envelope.js';
import { textLookup } from '../kit-texts.js';

/** Texts of the parameter editor (en and zh-CN). `{name}` is filled in by `editorText`. */
const texts = {
  selectAll: { en: 'Select all', zh: '全选' },
  unselectAll: { en: 'Unselect all', zh: '全不选' },
  reset: { en: 'Reset setting', zh: '重置设置' },
  resetConfirm: {
    en: 'Restore every parameter to its default value and clear every push flag?',
    zh: '将所有参数恢复为默认值并清除所有下发标记？',
  },
  cancel: { en: 'Cancel', zh: '取消' },
  saveOnly: { en: 'Save only', zh: '仅保存' },
  saveAndUpdate: { en: 'Save and update', zh: '保存并更新' },
  saved: { en: 'Saved successfully', zh: '保存成功' },
  push: { en: 'Push', zh: '下发' },
  pushTip: { en: 'Send this parameter to the phones', zh: '将此参数下发到话机' },
  account: { en: 'Account', zh: '账号' },
  accountN: { en: 'Account {n}', zh: '账号 {n}' },
  textEditor: { en: 'Text editor', zh: '文本编辑' },
  textFailed: { en: 'The text could not be converted', zh: '文本转换失败' },
  unsavedSwitchTitle: { en: 'Unsaved configuration', zh: '配置未保存' },
  unsavedSwitch: {
    en: 'The configuration has been modified. Save it before switching the editor?',
    zh: '配置已修改，切换编辑方式前是否保存？',
  },
  unsavedLeave: {
    en: 'The configuration has not been saved. Leave without saving?',
    zh: '配置尚未保存，确定不保存并离开吗？',
  },
  save: { en: 'Save', zh: '保存' },
  dontSave: { en: "Don't save", zh: '不保存' },
  ok: { en: 'OK', zh: '确定' },
  key: { en: 'Key', zh: '按键' },
  type: { en: 'Type', zh: '类型' },
  subtype: { en: 'Subtype', zh: '子类型' },
  value: { en: 'Value', zh: '值' },
  label: { en: 'Label', zh: '标签' },
  extension: { en: 'Extension', zh: '扩展' },
  module: { en: 'Expansion module {n}', zh: '扩展模块 {n}' },
  total: { en: 'Total {total} items', zh: '共 {total} 条' },
  pushed: { en: 'Pushed', zh: '已下发' },
  notPushed: { en: 'Not pushed', zh: '未下发' },
  setBy: { en: 'Effective value set by {layer}', zh: '生效值来自{layer}' },
  appliesTo: { en: 'Applies to {models} only', zh: '仅适用于 {models}' },
  unsupported: { en: 'Not supported by this model: {reason}', zh: '此型号不支持：{reason}' },
  notSentTo: { en: 'Not sent to {models}', zh: '不下发到 {models}' },
  unreachedTitle: {
    en: 'Some pushed parameters will not reach {count} phones',
    zh: '部分下发的参数无法到达 {count} 台话机',
  },
  unreachedLine: { en: '{model} ({devices}): {params}', zh: '{model}（{devices}）：{params}' },
  unreachedMore: { en: '{shown} and {more} more', zh: '{shown} 等 {more} 台' },
  layer_global: { en: 'Global', zh: '全局' },
  layer_site: { en: 'Site', zh: '站点' },
  layer_model: { en: 'Model', zh: '型号' },
  layer_group: { en: 'Group', zh: '分组' },
  layer_device: { en: 'Device', zh: '设备' },
  available: { en: 'Available', zh: '可选' },
  chosen: { en: 'Selected (in order)', zh: '已选（按顺序）' },
  moveUp: { en: 'Move up', zh: '上移' },
  noSection: { en: 'No parameters in this section', zh: '此分组没有参数' },
} as const satisfies Record<string, { en: string; zh: string }>;

export type EditorTextKey = keyof typeof texts;

export const editorText = textLookup(texts);

/** A `{en, zh}` text in the current language. */
export function pick(text: { en: string; zh: string }, language: Language): string {
  return language === 'zh-CN' ? text.zh : text.en;
}

/** Shows an error message: a `{en, zh}` text (in the current language) or a ready string. */
export type ShowError = (text: { en: string; zh: string } | string) => void;
