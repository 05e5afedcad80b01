import { defineTexts, type TextKeyOf } from '@phonefleet/sdk/ui';

/** The MAC configuration area's own words; the common ones (Add, Delete, Cancel ...) come from the UI kit. */
export const macText = defineTexts({
  title: { en: 'MAC configuration files', zh: 'MAC 配置文件' },
  searchKeywords: { en: 'MAC address or file name', zh: 'MAC 地址或文件名' },
  fileName: { en: 'File name', zh: '文件名' },
  imported: { en: 'Imported', zh: '导入时间' },
  importTitle: { en: 'Import MAC configuration files', zh: '导入 MAC 配置文件' },
  importHint: {
    en: 'One config.<MAC>.xml file per device (e.g. config.001565aabbcc.xml), or a .zip of such files without folders.',
    zh: '每台设备一个 config.<MAC>.xml 文件（例如 config.001565aabbcc.xml），或由这些文件组成且不含文件夹的 .zip。',
  },
  deleteTitle: { en: 'Delete MAC configuration files', zh: '删除 MAC 配置文件' },
  deleteContent: {
    en: 'Delete {count} MAC configuration file record(s)? The devices keep their parameters.',
    zh: '确定删除 {count} 条 MAC 配置文件记录吗？设备保留其参数。',
  },
  pushTitle: { en: 'Push MAC configuration files', zh: '推送 MAC 配置文件' },
  pushContent: {
    en: 'Push the configuration of {count} device(s)? They fetch their configuration files again.',
    zh: '确定推送 {count} 台设备的配置吗？设备将重新获取配置文件。',
  },
});

export type MacTextKey = TextKeyOf<typeof macText>;
