import { z } from 'zod';
import { descriptionField, idField, nameField, optionalQueryId, pageFields } from '../sites/fleet-common.js';

export const groupSortFields = {
  groupName: 'g.name',
  createTime: 'g.created_at',
  deviceCount: 'device_count',
} as const;

export const selectGroupBody = z.object({
  ...pageFields,
  sortField: z
    .enum(Object.keys(groupSortFields) as [keyof typeof groupSortFields, ...(keyof typeof groupSortFields)[]])
    .default('createTime'),
  groupName: z.string().trim().max(128).default(''),
  /** A site id: groups of the site and of every site below it. */
  site: idField.optional(),
});
export type SelectGroups = z.output<typeof selectGroupBody>;

/** "Group needs a device" (spec §5): at least one member, each a device of the caller's scope. */
const deviceIdsField = z
  .array(idField, { error: 'groupNeedsDevice' })
  .min(1, 'groupNeedsDevice')
  .max(100_000);

export const addGroupBody = z.object({
  groupName: nameField,
  description: descriptionField.default(''),
  /** Optional: the group then belongs to the site's organization and takes devices of its subtree only. */
  siteId: idField.optional(),
  deviceIds: deviceIdsField,
});
export type AddGroup = z.output<typeof addGroupBody>;

export const updateGroupBody = z.object({
  id: idField,
  groupName: nameField,
  description: descriptionField.default(''),
  deviceIds: deviceIdsField,
});
export type UpdateGroup = z.output<typeof updateGroupBody>;

export const groupNameVerifyQuery = z.object({
  groupName: nameField,
  /** The group being edited (its own name is available to it). */
  id: optionalQueryId,
  siteId: optionalQueryId,
});
export type GroupNameVerify = z.output<typeof groupNameVerifyQuery>;

export const groupDisplayBody = z.object({
  groupId: idField,
  currentPage: pageFields.currentPage,
  pageSize: pageFields.pageSize,
});
export type GroupDisplay = z.output<typeof groupDisplayBody>;
