import { z } from 'zod';
import { descriptionField, idField, nameField, optionalQueryId, pageFields } from '../sites/fleet-common.js';

export const modelTemplateSortFields = {
  name: 'm.name',
  model: 'm.model',
  siteName: 's.name',
  createTime: 'm.created_at',
} as const;

export const searchModelTemplatesBody = z.object({
  ...pageFields,
  keywords: z.string().trim().max(128).default(''),
  /** A site id: templates of the site and of every site below it. */
  site: idField.optional(),
  sortField: z
    .enum(
      Object.keys(modelTemplateSortFields) as [
        keyof typeof modelTemplateSortFields,
        ...(keyof typeof modelTemplateSortFields)[],
      ],
    )
    .default('createTime'),
});
export type SearchModelTemplates = z.output<typeof searchModelTemplatesBody>;

export const addModelTemplateBody = z.object({
  name: nameField,
  description: descriptionField.default(''),
  model: z.string({ error: 'fieldRequired' }).trim().min(1, 'fieldRequired').max(64, 'unknownModel'),
  siteId: idField,
});
export type AddModelTemplate = z.output<typeof addModelTemplateBody>;

/** Model and site are fixed once created. */
export const updateModelTemplateBody = z.object({
  id: idField,
  name: nameField,
  description: descriptionField.default(''),
});
export type UpdateModelTemplate = z.output<typeof updateModelTemplateBody>;

export const siteQuery = z.object({ siteId: optionalQueryId });
