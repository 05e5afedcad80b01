import type { Language } from '@phonefleet/sdk';

const en = {
  title: 'Model templates',
  searchKeywords: 'Template name or description',
  allSites: 'All sites',
  name: 'Template name',
  description: 'Description',
  model: 'Model',
  site: 'Site',
  created: 'Created',
  actions: 'Actions',
  add: 'Add',
  edit: 'Edit',
  setParam: 'Set parameters',
  push: 'Push',
  delete: 'Delete',
  addModel: 'Add model template',
  editModel: 'Edit model template',
  stepBasic: 'Basic information',
  stepParams: 'Set parameters',
  stepFinish: 'Finish',
  cancel: 'Cancel',
  save: 'Save',
  next: 'Next',
  saved: 'Saved successfully',
  deleted: 'Deleted successfully',
  taskCreated: 'The task has been created',
  deleteTitle: 'Delete model templates',
  deleteContent:
    'Delete {count} model template(s)? Their parameters are permanently deleted and their timer tasks are deleted too.',
  finished: 'Model template “{name}” is ready',
  finishedHint: 'Push it to send its parameters to the devices of its model in its site.',
  notFound: 'The model template does not exist',
};

export type ModelTextKey = keyof typeof en;

const zh: Record<ModelTextKey, string> = {
  title: '机型模板',
  searchKeywords: '模板名称或描述',
  allSites: '全部站点',
  name: '模板名称',
  description: '描述',
  model: '型号',
  site: '站点',
  created: '创建时间',
  actions: '操作',
  add: '添加',
  edit: '编辑',
  setParam: '设置参数',
  push: '推送',
  delete: '删除',
  addModel: '添加机型模板',
  editModel: '编辑机型模板',
  stepBasic: '基本信息',
  stepParams: '设置参数',
  stepFinish: '完成',
  cancel: '取消',
  save: '保存',
  next: '下一步',
  saved: '保存成功',
  deleted: '删除成功',
  taskCreated: '任务已创建',
  deleteTitle: '删除机型模板',
  deleteContent: '确定删除 {count} 个机型模板吗？其参数将被永久删除，定时任务也会被删除。',
  finished: '机型模板“{name}”已就绪',
  finishedHint: '推送后，其所在站点中该型号的设备将获取这些参数。',
  notFound: '机型模板不存在',
};

export function modelText(
  key: ModelTextKey,
  language: Language,
  values: Record<string, string | number> = {},
): string {
  const template = language === 'zh-CN' ? zh[key] : en[key];
  return template.replace(/\{(\w+)\}/g, (match, name: string) => String(values[name] ?? match));
}
