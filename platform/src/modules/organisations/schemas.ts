import { z } from 'zod';
import { bodyId, currentPage, emailField, pageSize } from '../../http/fields.js';
import { idsBody, nameField } from '../sites/fleet-common.js';

/** Request schemas of the organisations module (spec §5 field rules; docs/organisation.md). */

/** Optional free text of a form (contact, phone): at most 128 characters. */
const optionalText = z.string({ error: 'invalidFormat' }).trim().max(128, 'nameTooLong');
/** On an add: empty when absent. */
const shortText = optionalText.default('');

/** Spec §5: country/area is required for an enterprise. */
const countryField = z
  .string({ error: (issue) => (issue.input === undefined ? 'fieldRequired' : 'invalidFormat') })
  .trim()
  .min(1, 'fieldRequired')
  .max(128, 'nameTooLong');

/** Device numbers: a non-negative integer, or null for no limit. */
const deviceLimit = z
  .number({ error: 'invalidFormat' })
  .int('invalidFormat')
  .min(0, 'invalidFormat')
  .max(1_000_000_000, 'invalidFormat')
  .nullable();
const deviceLimitField = deviceLimit.default(null);

export const channelBody = z.object({
  name: nameField,
  email: emailField,
  contact: shortText,
  phone: shortText,
  maySubChannels: z.boolean({ error: 'invalidFormat' }).default(false),
  /** Under which channel; absent or null: under the caller's own organisation. */
  parentId: bodyId.nullish(),
});
export type ChannelBody = z.output<typeof channelBody>;
/** An edit: an optional field left out stays as it is. */
export const channelUpdateBody = channelBody.extend({
  id: bodyId,
  contact: optionalText.optional(),
  phone: optionalText.optional(),
  maySubChannels: z.boolean({ error: 'invalidFormat' }).optional(),
});
export type ChannelUpdate = z.output<typeof channelUpdateBody>;

export const enterpriseBody = z.object({
  name: nameField,
  email: emailField,
  contact: shortText,
  phone: shortText,
  country: countryField,
  deviceLimit: deviceLimitField,
  /** Under which channel; absent or null: under the caller's own organisation. */
  channelId: bodyId.nullish(),
});
export type EnterpriseBody = z.output<typeof enterpriseBody>;
/** An edit: an optional field left out stays as it is (`deviceLimit: null` removes the limit). */
export const enterpriseUpdateBody = enterpriseBody.extend({
  id: bodyId,
  contact: optionalText.optional(),
  phone: optionalText.optional(),
  deviceLimit: deviceLimit.optional(),
});
export type EnterpriseUpdate = z.output<typeof enterpriseUpdateBody>;

export const organisationSortFields = { createTime: 'o.created_at', name: 'o.name' } as const;

/** The list's filters (also the export's body). */
export const organisationFilters = z.object({
  keywords: z.string({ error: 'invalidFormat' }).trim().max(128, 'nameTooLong').default(''),
  status: z.enum(['normal', 'frozen', 'inactivated'], { error: 'invalidFormat' }).nullish(),
  sortField: z.enum(['createTime', 'name'], { error: 'invalidFormat' }).default('createTime'),
  sortOrder: z.enum(['asc', 'desc'], { error: 'invalidFormat' }).default('asc'),
});
export type OrganisationFilters = z.output<typeof organisationFilters>;

export const organisationSearch = organisationFilters.extend({ currentPage, pageSize });
export type OrganisationSearch = z.output<typeof organisationSearch>;

/** `{ ids }` of freeze, unfreeze and remove (at most 1000, every one in scope). */
export const organisationIds = idsBody;

export const notificationBody = z.object({
  ids: idsBody.shape.ids,
  template: z.enum(['en', 'zh'], { error: 'invalidFormat' }).default('en'),
  title: z
    .string({ error: (issue) => (issue.input === undefined ? 'fieldRequired' : 'invalidFormat') })
    .trim()
    .min(1, 'fieldRequired')
    .max(500, 'descriptionTooLong'),
  body: z
    .string({ error: (issue) => (issue.input === undefined ? 'fieldRequired' : 'invalidFormat') })
    .trim()
    .min(1, 'fieldRequired')
    .max(10_000, 'bodyTooLong'),
});
export type NotificationBody = z.output<typeof notificationBody>;

export const optionsBody = z.object({
  keywords: z.string({ error: 'invalidFormat' }).trim().max(128, 'nameTooLong').default(''),
});

export const authorizationBody = z.object({ authorized: z.boolean({ error: 'invalidFormat' }) });
