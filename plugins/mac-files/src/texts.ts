import type { Language } from '@phonefleet/sdk';

const en = {
  title: 'MAC configuration files',
  searchKeywords: 'MAC address or file name',
  macAddress: 'MAC address',
  deviceName: 'Device name',
  model: 'Model',
  fileName: 'File name',
  imported: 'Imported',
  reason: 'Reason',
  actions: 'Actions',
  import: 'Import',
  importTitle: 'Import MAC configuration files',
  importHint:
    'One config.<MAC>.xml file per device (e.g. config.001565aabbcc.xml), or a .zip of such files without folders.',
  push: 'Push',
  delete: 'Delete',
  cancel: 'Cancel',
  deleted: 'Deleted successfully',
  taskCreated: 'The task has been created',
  deleteTitle: 'Delete MAC configuration files',
  deleteContent: 'Delete {count} MAC configuration file record(s)? The devices keep their parameters.',
  pushTitle: 'Push MAC configuration files',
  pushContent: 'Push the configuration of {count} device(s)? They fetch their configuration files again.',
};

export type MacTextKey = keyof typeof en;

const zh: Record<MacTextKey, string> = {
  title: 'MAC 配置文件',
  searchKeywords: 'MAC 地址或文件名',
  macAddress: 'MAC 地址',
  deviceName: '设备名称',
  model: '型号',
  fileName: '文件名',
  imported: '导入时间',
  reason: '原因',
  actions: '操作',
  import: '导入',
  importTitle: '导入 MAC 配置文件',
  importHint:
    '每台设备一个 config.<MAC>.xml 文件（例如 config.001565aabbcc.xml），或由这些文件组成且不含文件夹的 .zip。',
  push: '推送',
  delete: '删除',
  cancel: '取消',
  deleted: '删除成功',
  taskCreated: '任务已创建',
  deleteTitle: '删除 MAC 配置文件',
  deleteContent: '确定删除 {count} 条 MAC 配置文件记录吗？设备保留其参数。',
  pushTitle: '推送 MAC 配置文件',
  pushContent: '确定推送 {count} 台设备的配置吗？设备将重新获取配置文件。',
};

export function macText(
  key: MacTextKey,
  language: Language,
  values: Record<string, string | number> = {},
): string {
  const template = language === 'zh-CN' ? zh[key] : en[key];
  return template.replace(/\{(\w+)\}/g, (match, name: string) => String(values[name] ?? match));
}
