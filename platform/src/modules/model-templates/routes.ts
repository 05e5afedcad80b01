import { defineRoute, type RouteDefinition } from '../../http/route.js';
import { idQuery, idsBody } from '../sites/fleet-common.js';
import type { ModelTemplateService } from './model-template-service.js';
import {
  addModelTemplateBody,
  searchModelTemplatesBody,
  siteQuery,
  updateModelTemplateBody,
} from './schemas.js';

export function modelTemplateRoutes({
  modelTemplateService,
}: {
  modelTemplateService: ModelTemplateService;
}): RouteDefinition[] {
  const remove = (path: string) =>
    defineRoute({
      method: 'delete',
      path,
      summary: 'Delete model templates with their parameters',
      access: { power: 'model', button: 'delete' },
      body: idsBody,
      handler: async ({ body, session }) => {
        await modelTemplateService.remove(session.scope, body.ids);
        return { rows: [] };
      },
    });
  return [
    defineRoute({
      method: 'post',
      path: '/modeltemplate/search',
      summary: 'Paged model templates: keywords, site subtree, sort',
      access: { power: 'model' },
      body: searchModelTemplatesBody,
      handler: async ({ body, session }) => ({
        rows: [await modelTemplateService.search(session.scope, body)],
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/modeltemplate/add',
      summary: 'Add a model template: a loaded driver’s model, one per site and model',
      access: { power: 'model', button: 'add' },
      body: addModelTemplateBody,
      handler: async ({ body, session }) => ({ rows: [await modelTemplateService.add(session.scope, body)] }),
    }),
    defineRoute({
      method: 'post',
      path: '/modeltemplate/update',
      summary: 'Rename a model template or change its description (model and site are fixed)',
      access: { power: 'model', button: 'edit' },
      body: updateModelTemplateBody,
      handler: async ({ body, session }) => {
        await modelTemplateService.update(session.scope, body);
        return { rows: [] };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/modeltemplate/query',
      summary: 'One model template',
      access: { power: 'model' },
      query: idQuery,
      handler: async ({ query, session }) => ({
        rows: [await modelTemplateService.get(session.scope, query.id)],
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/modeltemplate/supportModelSelect',
      summary: 'Models of the loaded drivers',
      access: { power: 'model' },
      handler: async () => ({ rows: modelTemplateService.supportedModels() }),
    }),
    defineRoute({
      method: 'get',
      path: '/modeltemplate/modelTempSelect',
      summary: 'Model templates for pickers, of one site when siteId is given',
      access: { power: 'model' },
      query: siteQuery,
      handler: async ({ query, session }) => ({
        rows: await modelTemplateService.options(session.scope, query.siteId),
      }),
    }),
    remove('/modeltemplate/remove'),
    remove('/modeltemplate/removeBatch'),
  ];
}
