import { defineTexts, type TextKeyOf } from '@phonefleet/sdk/ui';

/** The firmware area's own words; the common ones (Edit, Delete, Cancel ...) come from the UI kit. */
export const firmwareText = defineTexts({
  customerList: { en: 'Firmware', zh: '固件管理' },
  officialList: { en: 'Official Firmware', zh: '官方固件' },
  upload: { en: 'Upload', zh: '上传' },
  uploadFirmware: { en: 'Upload firmware', zh: '上传固件' },
  uploadOfficialFirmware: { en: 'Upload official firmware', zh: '上传官方固件' },
  editFirmware: { en: 'Edit firmware', zh: '编辑固件' },
  editOfficialFirmware: { en: 'Edit official firmware', zh: '编辑官方固件' },
  firmwareName: { en: 'Firmware Name', zh: '固件名称' },
  firmwareVersion: { en: 'Version', zh: '版本号' },
  supportModel: { en: 'Support Model', zh: '支持型号' },
  fileName: { en: 'File Name', zh: '文件名' },
  size: { en: 'Size', zh: '大小' },
  keywords: { en: 'Firmware name or version', zh: '固件名称或版本号' },
  allModels: { en: 'All models', zh: '全部型号' },
  notifications: { en: 'New version notification', zh: '新版本通知' },
  notificationsHint: {
    en: 'You get a message under the bell when a newer firmware for a chosen model appears.',
    zh: '所选型号出现更新的固件时，您会在铃铛中收到消息。',
  },
  chooseModels: { en: 'Please select the models', zh: '请选择型号' },
  versionHint: {
    en: 'Four numbers separated by dots, e.g. 2.14.0.5',
    zh: '以点分隔的四个数字，例如 2.14.0.5',
  },
  file: { en: 'Firmware File', zh: '固件文件' },
  keepImage: {
    en: 'Keep the current image ({name}, {size})',
    zh: '保留当前固件文件（{name}，{size}）',
  },
  notFound: { en: 'The firmware does not exist or has been deleted', zh: '固件不存在或已被删除' },
  deleteTitle: { en: 'Delete firmware', zh: '删除固件' },
  deleteContent: {
    en: 'Delete the {count} selected firmware? Their images are deleted too.',
    zh: '确定删除选中的 {count} 个固件吗？其固件文件也将被删除。',
  },
  upgrade: { en: 'Upgrade', zh: '升级' },
  upgradeDevices: { en: 'Devices to upgrade', zh: '要升级的设备' },
  upgradeModels: {
    en: 'This firmware is for {models}: devices of other models are refused.',
    zh: '此固件适用于 {models}：其他型号的设备将被拒绝。',
  },
});

export type FirmwareTextKey = TextKeyOf<typeof firmwareText>;
