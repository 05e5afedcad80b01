import type { Language } from '@phonefleet/sdk';

const en = {
  title_device: 'Device parameters',
  title_model: 'Model parameters',
  title_group: 'Group parameters',
  title_site: 'Site parameters',
  title_global: 'Global Configuration',
  missingId: 'The page address does not name what to configure (relationId)',
  saved: 'Saved successfully',
  banned:
    'This device has been banned to be provisioned, and subsequent modifications are only saved without device provisioning.',
  model: 'Model',
  template: 'Template',
  site: 'Site',
};

export type ParamTextKey = keyof typeof en;

const zh: Record<ParamTextKey, string> = {
  title_device: '设备参数',
  title_model: '型号参数',
  title_group: '分组参数',
  title_site: '站点参数',
  title_global: '全局配置',
  missingId: '页面地址缺少要配置的对象（relationId）',
  saved: '保存成功',
  banned: '该设备已被禁止下发配置，后续修改仅保存，不会下发到设备。',
  model: '型号',
  template: '模板',
  site: '站点',
};

export function paramText(key: ParamTextKey, language: Language): string {
  return language === 'zh-CN' ? zh[key] : en[key];
}
