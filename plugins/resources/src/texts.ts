import { defineTexts, type TextKeyOf } from '@phonefleet/sdk/ui';

/** The resource area's own words; the common ones (Edit, Delete, Push, Site ...) come from the UI kit. */
export const resourceText = defineTexts({
  list: { en: 'Resources', zh: '资源管理' },
  upload: { en: 'Upload', zh: '上传' },
  uploadResource: { en: 'Upload resource', zh: '上传资源' },
  editResource: { en: 'Edit resource', zh: '编辑资源' },
  name: { en: 'Name', zh: '名称' },
  type: { en: 'Type', zh: '类型' },
  allTypes: { en: 'All types', zh: '全部类型' },
  fileName: { en: 'File Name', zh: '文件名' },
  size: { en: 'Size', zh: '大小' },
  keywords: { en: 'Resource name', zh: '资源名称' },
  file: { en: 'File', zh: '文件' },
  newFileForType: {
    en: 'The type changed: select a new file',
    zh: '类型已更改：请选择新文件',
  },
  notFound: { en: 'The resource does not exist or has been deleted', zh: '资源不存在或已被删除' },
  deleteTitle: { en: 'Delete resources', zh: '删除资源' },
  deleteContent: {
    en: 'Delete the {count} selected resources? Their files are deleted too.',
    zh: '确定删除选中的 {count} 个资源吗？其文件也将被删除。',
  },
  changeTypeTitle: { en: 'Change the resource type?', zh: '确定更改资源类型吗？' },
  changeTypeContent: {
    en: 'Changing a resource type deletes uploaded files.',
    zh: '更改资源类型将删除已上传的文件。',
  },
});

export type ResourceTextKey = TextKeyOf<typeof resourceText>;
