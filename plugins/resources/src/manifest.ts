import { defineUiPlugin } from '@phonefleet/sdk';

// Imported by the platform at boot (tsx): keep this file free of React and CSS imports.
// The buttons are those of the access module's resource catalogue.
export default defineUiPlugin({
  id: 'resources',
  title: { en: 'Resources', 'zh-CN': '资源管理' },
  sdk: '^1.0.0',
  menu: [
    {
      // Other resources (spec §2): contacts, ringtones, wallpapers, certificates, OpenVPN files.
      path: '/otherResources',
      subRoutes: {
        uploadFiles: { en: 'Upload file', 'zh-CN': '上传文件' },
        editFile: { en: 'Edit file', 'zh-CN': '编辑文件' },
      },
      power: 'otherResources',
      title: { en: 'Resources', 'zh-CN': '资源管理' },
      icon: 'FolderOpenOutlined',
      order: 100,
      buttons: ['add', 'edit', 'delete', 'upload', 'push'],
    },
  ],
});
