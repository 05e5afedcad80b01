import type { Language } from '../envelope.js';

/** Texts of the UI kit's own components (server-independent, so not in sdk messages). */
const texts = {
  atLeastOneColumn: { en: 'Show at least one column', zh: '至少显示一列' },
  columns: { en: 'Columns', zh: '列设置' },
  refresh: { en: 'Refresh', zh: '刷新' },
  resetColumns: { en: 'Reset', zh: '重置' },
  total: { en: 'Total {total} items', zh: '共 {total} 条' },
  importChoose: { en: 'Click or drag a file here to upload', zh: '点击或将文件拖到此处上传' },
  importHint: { en: 'Supported: {types}, up to {size}', zh: '支持 {types}，不超过 {size}' },
  importTypeTip: { en: 'Only {types} files can be uploaded', zh: '只能上传 {types} 文件' },
  importSizeTip: { en: 'The file cannot be larger than {size}', zh: '文件不能超过 {size}' },
  importTemplate: { en: 'Download template', zh: '下载模板' },
  importUpload: { en: 'Upload', zh: '上传' },
  importWaiting: { en: 'Importing, please wait...', zh: '正在导入，请稍候...' },
  importFailedRows: { en: 'Rows that were not imported', zh: '未导入的行' },
  importExportFailed: { en: 'Export failed data', zh: '导出失败数据' },
  // The one-file form field (FileField).
  fileChoose: { en: 'Select file', zh: '选择文件' },
  fileKeep: { en: 'Keep the current file ({name}, {size})', zh: '保留当前文件（{name}，{size}）' },
  // A form's upload in progress (useUploadProgress).
  uploading: { en: 'Uploading {percent}%', zh: '正在上传 {percent}%' },
  conflictsMore: { en: '… and {count} more.', zh: '……以及另外 {count} 个。' },
  duplicateBindingTitle: { en: 'Duplicate account binding', zh: '账号重复绑定' },
  duplicateBindingLine: {
    en: '{user} is bound to {mac} line {line}.',
    zh: '{user} 已绑定到 {mac} 线路 {line}。',
  },
  duplicateBindingQuestion: { en: 'Bind it here instead?', zh: '确定改为绑定到此处吗？' },
  parametersLoadFailed: { en: 'The parameters could not be loaded', zh: '参数加载失败' },
  retry: { en: 'Retry', zh: '重试' },
  unsavedConfigTitle: { en: 'Unsaved configuration', zh: '配置未保存' },
  unsavedConfigLeave: {
    en: 'The configuration has not been saved. Leave this page without saving?',
    zh: '配置尚未保存，确定不保存并离开此页面吗？',
  },
  // The execution-mode dialog of pushes and upgrades (ExecutionModeDialog).
  executionMode: { en: 'Task execution mode', zh: '任务执行方式' },
  immediate: { en: 'Immediate', zh: '立即执行' },
  scheduled: { en: 'Scheduled', zh: '定时执行' },
  taskTime: { en: 'Task time', zh: '任务时间' },
  taskTimeRequired: { en: 'Please select the task time', zh: '请选择任务时间' },
  taskWindow: {
    en: 'The task runs between {begin} and {end} ({zone})',
    zh: '任务在 {begin} 至 {end} 之间执行（{zone}）',
  },
  taskName: { en: 'Task name', zh: '任务名称' },
  // A push to devices (DevicePushDialog): the device picker's default label.
  pushDevices: { en: 'Devices', zh: '设备' },
  // What a push left out: devices whose driver cannot be told the file's address.
  notSentToDevices: {
    en: 'Not sent to {count} device(s) of {models}: {reason}',
    zh: '未下发到 {models} 的 {count} 台设备：{reason}',
  },
} as const satisfies TextTable<string>;

export type KitTextKey = keyof typeof texts;

/** Texts keyed by name, each in English and Simplified Chinese. */
export type TextTable<Key extends string> = Record<Key, { en: string; zh: string }>;

/** A lookup over `{ key: { en, zh } }` texts, filling `{name}` placeholders. */
export function textLookup<Key extends string>(table: TextTable<Key>) {
  return (key: Key, language: Language, values: Record<string, string | number> = {}): string => {
    const entry = table[key];
    const template: string = language === 'zh-CN' ? entry.zh : entry.en;
    return template.replace(/\{(\w+)\}/g, (match, name: string) => String(values[name] ?? match));
  };
}

export const kitText = textLookup(texts);
