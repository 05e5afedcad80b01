import { defineUiPlugin } from '@phonefleet/sdk';

// Imported by the platform at boot (tsx): keep this file free of React and CSS imports.
// The buttons are those of the access module's resource catalogue.
export default defineUiPlugin({
  id: 'firmware',
  title: { en: 'Firmware', 'zh-CN': '固件管理' },
  sdk: '^1.0.0',
  menu: [
    {
      // The caller's customer firmware.
      path: '/firmware',
      subRoutes: {
        uploadFirmware: { en: 'Upload firmware', 'zh-CN': '上传固件' },
        editFirmware: { en: 'Edit firmware', 'zh-CN': '编辑固件' },
      },
      power: 'firmware',
      title: { en: 'Firmware', 'zh-CN': '固件管理' },
      icon: 'CloudUploadOutlined',
      order: 60,
      buttons: ['add', 'edit', 'delete', 'upload', 'upgrade'],
    },
    {
      // The official list: only the platform administrator holds this power.
      path: '/adminFirmware',
      subRoutes: {
        uploadFirmware: { en: 'Upload firmware', 'zh-CN': '上传固件' },
        editFirmware: { en: 'Edit firmware', 'zh-CN': '编辑固件' },
      },
      power: 'adminFirmware',
      title: { en: 'Official Firmware', 'zh-CN': '官方固件' },
      icon: 'SafetyOutlined',
      order: 61,
      buttons: ['add', 'edit', 'delete', 'upload', 'upgrade'],
    },
  ],
});
