import { apiFirstRow, apiRequest, type ExecutionMode, type FleetTableQuery } from '@phonefleet/sdk/ui';

/** `POST /modeltemplate/search` row and `GET /modeltemplate/query` answer. */
export interface ModelTemplate {
  id: number;
  name: string;
  description: string;
  model: string;
  siteId: number;
  siteName: string;
  createTime: string;
}

export interface ModelTemplateInput {
  name: string;
  description: string;
  model: string;
  siteId: number;
}

export interface ModelTemplateFilters {
  keywords: string;
  site: number | undefined;
}

export async function searchModelTemplates(
  query: FleetTableQuery,
  filters: ModelTemplateFilters,
): Promise<{ rows: ModelTemplate[]; total: number }> {
  const page = await apiFirstRow<{ list: ModelTemplate[]; total: number }>('POST', '/modeltemplate/search', {
    body: { ...query, keywords: filters.keywords, ...(filters.site ? { site: filters.site } : {}) },
  });
  return { rows: page.list, total: page.total };
}

/** Silent: the caller decides what a missing template means. */
export function fetchModelTemplate(id: number, silent = false): Promise<ModelTemplate> {
  return apiFirstRow<ModelTemplate>('GET', '/modeltemplate/query', { query: { id }, silent });
}

/** Models of the loaded drivers. */
export async function fetchSupportedModels(): Promise<string[]> {
  const reply = await apiRequest<{ model: string }>('GET', '/modeltemplate/supportModelSelect');
  return reply.result.rows.map((row) => row.model);
}

export function addModelTemplate(input: ModelTemplateInput): Promise<{ id: number }> {
  return apiFirstRow<{ id: number }>('POST', '/modeltemplate/add', { body: input });
}

/** Model and site are fixed once created. */
export async function updateModelTemplate(input: { id: number; name: string; description: string }) {
  await apiRequest('POST', '/modeltemplate/update', { body: input });
}

export async function deleteModelTemplates(ids: number[]): Promise<void> {
  await apiRequest('DELETE', '/modeltemplate/remove', { body: { ids } });
}

/** A model configuration task for the devices of the template's model in its site. */
export async function pushModelTemplate(id: number, mode: ExecutionMode): Promise<void> {
  await apiRequest('POST', '/modeltemplate/push', {
    body: {
      type: mode.type,
      deviceType: 3,
      taskParam: { relationId: id, relationName: 'model', beginTime: mode.beginTime, endTime: mode.endTime },
    },
  });
}
