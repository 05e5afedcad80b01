import { z } from 'zod';
import { queryId } from '../../http/fields.js';
import { filePushFields } from '../device-downloads/file-push.js';
import { descriptionField, idField, nameField, pageFields } from '../sites/fleet-common.js';

/** Multipart fields are text: ids and the type come as digits. */
/** `POST /tb-resource/addOrEdit` (multipart): with `id` an edit, whose file is optional. */
export const resourceFormBody = z.object({
  id: queryId.optional(),
  name: nameField,
  description: descriptionField.default(''),
  type: z
    .string({ error: 'fieldRequired' })
    .regex(/^[1-6]$/, 'invalidFormat')
    .transform(Number),
  siteId: z.string({ error: 'fieldRequired' }).pipe(queryId),
});
export type ResourceForm = z.output<typeof resourceFormBody>;

export const resourceSortFields = {
  createTime: 'r.created_at',
  name: 'lower(r.name)',
  type: 'r.type',
  size: 'f.size',
} as const;
type ResourceSort = keyof typeof resourceSortFields;

export const searchResourcesBody = z.object({
  ...pageFields,
  sortField: z
    .enum(Object.keys(resourceSortFields) as [ResourceSort, ...ResourceSort[]])
    .default('createTime'),
  keywords: z.string().trim().max(128).default(''),
  type: z.number().int().min(1).max(6).optional(),
  /** The site and its subtree (the sidebar's site filter). */
  siteId: idField.optional(),
});
export type ResourceSearch = z.output<typeof searchResourcesBody>;

/** `POST /tb-resource/push`: a type 8–13 task offering the resource to the devices. */
export const resourcePushBody = z.object({ ...filePushFields, resourceId: idField });
