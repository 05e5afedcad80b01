import type { ModelTemplateRow } from '@phonefleet/sdk';
import {
  apiFirstRow,
  apiPage,
  apiRequest,
  type ExecutionMode,
  type FleetTablePage,
  type FleetTableQuery,
  type ListFilters,
  relationPushBody,
} from '@phonefleet/sdk/ui';

export interface ModelTemplateInput {
  name: string;
  description: string;
  model: string;
  siteId: number;
}

export async function searchModelTemplates(
  query: FleetTableQuery,
  filters: ListFilters,
): Promise<FleetTablePage<ModelTemplateRow>> {
  return apiPage<ModelTemplateRow>('POST', '/modeltemplate/search', {
    body: { ...query, keywords: filters.keywords ?? '', ...(filters.site ? { site: filters.site } : {}) },
  });
}

/** Silent: the caller decides what a missing template means. */
export function fetchModelTemplate(id: number, silent = false): Promise<ModelTemplateRow> {
  return apiFirstRow<ModelTemplateRow>('GET', '/modeltemplate/query', { query: { id }, silent });
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
  await apiRequest('POST', '/modeltemplate/push', { body: relationPushBody('model', id, mode) });
}
