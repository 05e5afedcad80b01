import { defineTexts, type TextKeyOf } from '@phonefleet/sdk/ui';

/** The site area's own words; the common ones (Add, Delete, Cancel ...) come from the UI kit. */
export const siteText = defineTexts({
  sites: { en: 'Sites', zh: '站点' },
  searchSites: { en: 'Search site name', zh: '搜索站点名称' },
  noSites: { en: 'No sites', zh: '暂无站点' },
  noSelection: { en: 'Select a site in the tree', zh: '请在左侧树中选择站点' },
  siteName: { en: 'Site name', zh: '站点名称' },
  parentSite: { en: 'Parent site', zh: '上级站点' },
  devices: { en: 'Devices', zh: '设备数' },
  defaultSite: { en: 'Default site', zh: '默认站点' },
  organization: { en: 'Organization', zh: '所属组织' },
  parameters: { en: 'Parameters', zh: '参数' },
  configured: { en: 'Configured', zh: '已配置' },
  notConfigured: { en: 'Not configured', zh: '未配置' },
  yes: { en: 'Yes', zh: '是' },
  no: { en: 'No', zh: '否' },
  addChild: { en: 'Add child site', zh: '添加子站点' },
  clearParams: { en: 'Clear parameters', zh: '清除参数' },
  addSite: { en: 'Add site', zh: '添加站点' },
  editSite: { en: 'Edit site', zh: '编辑站点' },
  basic: { en: 'Basic', zh: '基本信息' },
  deleteTitle: { en: 'Delete site', zh: '删除站点' },
  deleteContent: {
    en: 'Delete site “{name}”? A site that still has data (devices, sub-sites, groups, model templates, SIP accounts) cannot be deleted: transfer the data first.',
    zh: '确定删除站点“{name}”吗？仍有数据（设备、子站点、分组、机型模板、SIP 账号）的站点不能删除，请先转移数据。',
  },
  clearTitle: { en: 'Clear parameters', zh: '清除参数' },
  clearContent: {
    en: 'Remove the parameters of site “{name}”? The site template is permanently deleted and its timer tasks are deleted too.',
    zh: '确定清除站点“{name}”的参数吗？站点模板将被永久删除，其定时任务也会被删除。',
  },
  moveTitle: { en: 'Move site', zh: '移动站点' },
  moveContent: {
    en: 'The site moves under another parent. The SIP accounts bound to the devices of the site and its sub-sites are unbound. Continue?',
    zh: '站点将移动到新的上级站点下，该站点及其子站点中设备绑定的 SIP 账号将被解绑。是否继续？',
  },
  unbound: {
    en: '{count} devices were unbound from their SIP accounts',
    zh: '{count} 台设备已解绑 SIP 账号',
  },
  finished: { en: 'Site “{name}” is ready', zh: '站点“{name}”已就绪' },
  finishedHint: {
    en: 'Push its parameters to send them to the devices of the site.',
    zh: '推送参数后，站点下的设备将获取这些参数。',
  },
  defaultFixed: { en: 'The default site cannot be moved or deleted', zh: '默认站点不能移动或删除' },
  notFound: { en: 'The site does not exist', zh: '站点不存在' },
});

export type SiteTextKey = TextKeyOf<typeof siteText>;
