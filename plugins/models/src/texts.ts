import { defineTexts, type TextKeyOf } from '@phonefleet/sdk/ui';

/** The model template area's own words; the common ones (Add, Delete, Cancel ...) come from the UI kit. */
export const modelText = defineTexts({
  title: { en: 'Model templates', zh: '机型模板' },
  searchKeywords: { en: 'Template name or description', zh: '模板名称或描述' },
  templateName: { en: 'Template name', zh: '模板名称' },
  addModel: { en: 'Add model template', zh: '添加机型模板' },
  editModel: { en: 'Edit model template', zh: '编辑机型模板' },
  deleteTitle: { en: 'Delete model templates', zh: '删除机型模板' },
  deleteContent: {
    en: 'Delete {count} model template(s)? Their parameters are permanently deleted and their timer tasks are deleted too.',
    zh: '确定删除 {count} 个机型模板吗？其参数将被永久删除，定时任务也会被删除。',
  },
  finished: { en: 'Model template “{name}” is ready', zh: '机型模板“{name}”已就绪' },
  finishedHint: {
    en: 'Push it to send its parameters to the devices of its model in its site.',
    zh: '推送后，其所在站点中该型号的设备将获取这些参数。',
  },
  notFound: { en: 'The model template does not exist', zh: '机型模板不存在' },
});

export type ModelTextKey = TextKeyOf<typeof modelText>;
