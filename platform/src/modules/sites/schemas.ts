import { z } from 'zod';
import { descriptionField, idField, nameField, pageFields } from './fleet-common.js';

export const addSiteBody = z.object({
  siteName: nameField,
  siteDesc: descriptionField.default(''),
  parentId: idField,
});
export type AddSite = z.output<typeof addSiteBody>;

export const updateSiteBody = z.object({
  id: idField,
  siteName: nameField,
  /** Left as it is when absent. */
  siteDesc: descriptionField.nullish(),
  /** Moves the site (and its subtree) when it differs from the current parent; null or absent: stays. */
  parentId: idField.nullish(),
});
export type UpdateSite = z.output<typeof updateSiteBody>;

export const siteSortFields = {
  siteName: 's.name',
  createTime: 's.created_at',
  deviceCount: 'device_count',
} as const;

export const searchSitesBody = z.object({
  ...pageFields,
  keywords: z.string().trim().max(128).default(''),
  sortField: z
    .enum(Object.keys(siteSortFields) as [keyof typeof siteSortFields, ...(keyof typeof siteSortFields)[]])
    .default('createTime'),
});
export type SearchSites = z.output<typeof searchSitesBody>;
