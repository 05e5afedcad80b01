import { z } from 'zod';
import {
  bodyId,
  currentPage,
  emailField,
  optionalQueryId,
  pageSize,
  queryId,
  requiredField,
} from '../../http/fields.js';

/** Request schemas of users, roles and personal info (docs/organisation.md, "Users and roles"). */

/** A user or role name: required, at most 128 characters (spec §5 "Lengths"). */
const nameField = z.string(requiredField).trim().min(1, 'fieldRequired').max(128, 'nameTooLong');

/** Sites of a sub-user's data permission: at least one; null means every site of the organisation. */
const siteIdsField = z.array(bodyId).min(1, 'fieldRequired').max(1000);

export const userInputFields = {
  userName: nameField,
  email: emailField,
  roleId: z.number(requiredField).int().positive(),
};

export const addUserBody = z.object({
  ...userInputFields,
  /** null or absent: every site. */
  siteIds: siteIdsField.nullish(),
});
export type AddUser = z.output<typeof addUserBody>;

export const updateUserBody = z.object({
  id: bodyId,
  ...userInputFields,
  /** Absent: left as it is (never widened by omission); null: every site. */
  siteIds: siteIdsField.nullish(),
});
export type UpdateUser = z.output<typeof updateUserBody>;

export const userSortFields = { createTime: 'u.created_at', userName: 'u.user_name' } as const;

const keywords = z.string().trim().max(128).default('');

export const searchUsersBody = z.object({
  currentPage,
  pageSize,
  keywords,
  sortField: z.enum(['createTime', 'userName']).default('createTime'),
  /** Spec §9: users sort by createTime ascending by default. */
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
});
export type SearchUsers = z.output<typeof searchUsersBody>;

/** `{ ids }` of the batch calls (forbid, active, remove). */
export const idsBody = z.object({ ids: z.array(bodyId).min(1, 'fieldRequired').max(1000) });

export const idBody = z.object({ id: bodyId });
export const idQuery = z.object({ id: queryId });

/** The link `POST /user/sendEmail/:type` sends. */
export const sendEmailTypes = ['activate', 'reset'] as const;
export type SendEmailType = (typeof sendEmailTypes)[number];

export const searchRolesBody = z.object({
  currentPage,
  pageSize,
  keywords,
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
});
export type SearchRoles = z.output<typeof searchRolesBody>;

const permission = z.object({
  power: z.string().min(1).max(64),
  buttons: z.array(z.string().min(1).max(64)).max(64).default([]),
});

export const saveRoleBody = z.object({
  /** Absent: a new role. */
  id: bodyId.optional(),
  name: nameField,
  description: z.string().trim().max(500, 'descriptionTooLong').default(''),
  permissions: z.array(permission).max(200),
});
export type SaveRole = z.output<typeof saveRoleBody>;

export const userInfoQuery = z.object({ id: optionalQueryId });

const passwordField = z.string(requiredField).max(128);

export const updatePasswordBody = z.object({
  oldPassword: passwordField,
  password: passwordField,
  confirmPassword: passwordField,
});

/** The current password too: an email change can take the account over (its reset links go there). */
export const updateEmailBody = z.object({ email: emailField, password: passwordField });

export const validateEmailBody = z.object({ token: z.string(requiredField).min(1).max(128) });
