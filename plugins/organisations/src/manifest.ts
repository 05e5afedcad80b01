import { defineUiPlugin } from '@phonefleet/sdk';

// Imported by the platform at boot (tsx): keep this file free of React and CSS imports.
// The buttons are those of the access module's resource catalogue (Freeze also unfreezes).
const manage = ['add', 'edit', 'delete', 'export', 'freeze', 'sendEmail'];

export default defineUiPlugin({
  id: 'organisations',
  title: { en: 'Channels and enterprises', 'zh-CN': '渠道与企业' },
  sdk: '^1.0.0',
  menu: [
    {
      path: '/enterpriseManagement',
      subRoutes: {
        addEnterprise: { en: 'Add enterprise', 'zh-CN': '添加企业' },
        editEnterprise: { en: 'Edit enterprise', 'zh-CN': '编辑企业' },
        sendEmail: { en: 'Notification email', 'zh-CN': '通知邮件' },
      },
      power: 'enterpriseManagement',
      title: { en: 'Enterprise Management', 'zh-CN': '企业管理' },
      icon: 'ApartmentOutlined',
      order: 110,
      buttons: manage,
    },
    {
      path: '/channelManagement',
      subRoutes: {
        addChannel: { en: 'Add channel', 'zh-CN': '添加渠道' },
        editChannel: { en: 'Edit channel', 'zh-CN': '编辑渠道' },
      },
      power: 'channelManagement',
      title: { en: 'Channel Management', 'zh-CN': '渠道管理' },
      icon: 'ClusterOutlined',
      order: 111,
      buttons: manage,
    },
    {
      path: '/authorizedChannels',
      power: 'authorizedChannels',
      title: { en: 'Authorized Channels', 'zh-CN': '授权渠道' },
      icon: 'SafetyOutlined',
      order: 170,
      buttons: ['authorize', 'cancel'],
    },
  ],
});
