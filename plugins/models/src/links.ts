import type { ModelTemplateInput } from './api.js';

/** Screens of the model area and the parameters plugin's model screen (console spec §2). */
export const MODEL_LIST = '/model';

/** `/model/addModel` with what the form starts from (query templateName, site, modelName, modelDesc). */
export function addModelPath(values: Partial<ModelTemplateInput> = {}): string {
  const query = new URLSearchParams();
  if (values.name) query.set('templateName', values.name);
  if (values.siteId) query.set('site', String(values.siteId));
  if (values.model) query.set('modelName', values.model);
  if (values.description) query.set('modelDesc', values.description);
  const search = query.toString();
  return search ? `/model/addModel?${search}` : '/model/addModel';
}

export function editModelPath(id: number): string {
  return `/model/editModel?id=${id}`;
}

/**
 * The set-parameters step for a template's model. The query carries templateName, site and
 * modelName, so the parameters screen's Cancel returns to the model list; `isAdd` makes it delete
 * the template just created.
 */
export function modelParamsPath(template: { id: number } & ModelTemplateInput, isAdd: boolean): string {
  const query = new URLSearchParams({
    relationId: String(template.id),
    relationName: 'model',
    deviceModel: template.model,
    modelName: template.model,
    modelDesc: template.description,
    templateName: template.name,
    site: String(template.siteId),
    pushStatus: '1',
  });
  if (isAdd) query.set('isAdd', '1');
  return `/model/setParam?${query}`;
}
