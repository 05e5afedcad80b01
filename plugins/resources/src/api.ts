import type { FilePushReply, ResourceRow } from '@phonefleet/sdk';
import {
  apiFirstRow,
  apiPage,
  apiRequest,
  apiUpload,
  type ExecutionMode,
  executionPayload,
  type FleetTablePage,
  type FleetTableQuery,
  formWithFile,
  type ListFilters,
  type ResourceType,
  type UploadProgress,
} from '@phonefleet/sdk/ui';

/** Spec §9: lists sort by creation, oldest first, unless a column says otherwise. */
export const DEFAULT_SORT = { field: 'createTime', order: 'asc' } as const;

export interface ResourceFilters extends ListFilters {
  /** 1 local contacts … 6 OpenVPN configuration. */
  type?: ResourceType | undefined;
}

/** One page of the list: keywords (name), type and the site subtree (`site` of the filter bar). */
export function searchResources(
  query: FleetTableQuery,
  { keywords, type, site }: ResourceFilters,
): Promise<FleetTablePage<ResourceRow>> {
  return apiPage<ResourceRow>('POST', '/tb-resource/search', {
    body: {
      currentPage: query.currentPage,
      pageSize: query.pageSize,
      sortField: query.sortField ?? DEFAULT_SORT.field,
      sortOrder: query.sortOrder ?? DEFAULT_SORT.order,
      ...(keywords ? { keywords } : {}),
      ...(type ? { type } : {}),
      ...(site ? { siteId: site } : {}),
    },
  });
}

export function fetchResource(id: number): Promise<ResourceRow> {
  return apiFirstRow<ResourceRow>('GET', '/tb-resource/query', { query: { id } });
}

export interface ResourceInput {
  /** An edit; without it a new resource. */
  id?: number;
  name: string;
  description: string;
  type: ResourceType;
  siteId: number;
  /** Required to add and on an edit that changes the type; otherwise the current file is kept. */
  file?: File;
}

/** One multipart request (the fields, then the file) with the upload's progress. */
export async function saveResource(
  { file, ...fields }: ResourceInput,
  onProgress: (progress: UploadProgress) => void,
): Promise<void> {
  await apiUpload('/tb-resource/addOrEdit', formWithFile(fields, file), onProgress);
}

/** Refused while a task that has not finished uses one (shown as the server words it). */
export async function removeResources(ids: number[]): Promise<void> {
  await apiRequest('DELETE', '/tb-resource/remove', { body: { ids } });
}

/**
 * Pushes a resource to devices (`POST /tb-resource/push`): a task of type 7 + the resource type
 * (8–13), immediate or scheduled in its window, with the task's name when one was given. Refusals
 * ('The device model does not support this resource:' and the models, 'The Task Time must start
 * after 5 minutes' …) come as the server words them.
 */
export async function pushResource(
  resourceId: number,
  deviceIds: number[],
  mode: ExecutionMode,
): Promise<FilePushReply | undefined> {
  const reply = await apiRequest<FilePushReply>('POST', '/tb-resource/push', {
    body: { resourceId, deviceIds, ...executionPayload(mode) },
  });
  return reply.result.rows[0];
}
