import {
  MAX_LINES,
  NatTraversal,
  SIP_DEFAULTS,
  SIP_EXPIRES_RANGE,
  SIP_PORT_RANGE,
  SIP_TOKEN,
  SipTransport,
} from '@phonefleet/sdk';
import { z } from 'zod';
import { requiredField } from '../../http/fields.js';
import { idField, nameField, optionalQueryId, pageFields } from '../sites/fleet-common.js';

/** Host names, addresses and SIP user parts: printable, no spaces, at most 128 (spec §5 "Lengths"). */
const hostField = z
  .string(requiredField)
  .trim()
  .min(1, 'fieldRequired')
  .max(128, 'nameTooLong')
  .regex(SIP_TOKEN, 'invalidFormat');
const optionalHost = z.string().trim().max(128, 'nameTooLong').regex(SIP_TOKEN, 'invalidFormat');
const portField = z
  .number({ error: 'sipPortInvalid' })
  .int('sipPortInvalid')
  .min(SIP_PORT_RANGE.min, 'sipPortInvalid')
  .max(SIP_PORT_RANGE.max, 'sipPortInvalid');
const expiresField = z
  .number({ error: 'sipExpiresInvalid' })
  .int('sipExpiresInvalid')
  .min(SIP_EXPIRES_RANGE.min, 'sipExpiresInvalid')
  .max(SIP_EXPIRES_RANGE.max, 'sipExpiresInvalid');
const transportField = z.literal(Object.values(SipTransport), { error: 'invalidFormat' });
const natField = z.literal(Object.values(NatTraversal), { error: 'invalidFormat' });
const text128 = z.string({ error: 'invalidFormat' }).trim().max(128, 'nameTooLong');

const secondaryFields = z.object({
  server: optionalHost.default(''),
  port: portField.default(SIP_DEFAULTS.secondaryPort),
  expires: expiresField.default(SIP_DEFAULTS.expires),
  transport: transportField.default(SIP_DEFAULTS.transport),
  outboundProxy: optionalHost.default(''),
  outboundPort: portField.nullable().default(null),
});

const serverFields = {
  serverName: nameField,
  server: hostField,
  port: portField.default(SIP_DEFAULTS.port),
  outboundProxy: optionalHost.default(''),
  outboundPort: portField.nullable().default(null),
  expires: expiresField.default(SIP_DEFAULTS.expires),
  transport: transportField.default(SIP_DEFAULTS.transport),
  natTraversal: natField.default(SIP_DEFAULTS.natTraversal),
  secondary: secondaryFields.default(secondaryFields.parse({})),
  siteId: idField,
};

export const addServerBody = z.object(serverFields);
export type ServerInput = z.output<typeof addServerBody>;
export const updateServerBody = z.object({ id: idField, ...serverFields });
export type ServerUpdate = z.output<typeof updateServerBody>;

export const serverSortFields = {
  serverName: 'v.name',
  server: 'v.address',
  createTime: 'v.created_at',
  accountNumber: 'account_number',
} as const;
type ServerSort = keyof typeof serverSortFields;

export const searchServersBody = z.object({
  ...pageFields,
  sortField: z.enum(Object.keys(serverSortFields) as [ServerSort, ...ServerSort[]]).default('createTime'),
  keywords: z.string().trim().max(128).default(''),
  /** A site id: servers of the site and of every site below it. */
  site: idField.optional(),
});
export type ServerSearch = z.output<typeof searchServersBody>;

const accountFields = {
  labelName: text128.default(''),
  registerName: hostField,
  displayName: text128.default(''),
  userName: hostField,
  serverId: idField,
  model: z.string().trim().max(64, 'invalidFormat').default(''),
  siteId: idField,
};
/** Write-only: never answered; on update an empty or absent password keeps the stored one. */
const passwordField = z.string({ error: 'invalidFormat' }).max(128, 'nameTooLong');

export const addAccountBody = z.object({ ...accountFields, password: passwordField.default('') });
export type AccountInput = z.output<typeof addAccountBody>;
export const updateAccountBody = z.object({
  id: idField,
  ...accountFields,
  password: passwordField.optional(),
});
export type AccountUpdate = z.output<typeof updateAccountBody>;

export const accountSortFields = {
  userName: 'a.user_name',
  registerName: 'a.register_name',
  labelName: 'a.label_name',
  createTime: 'a.created_at',
  status: 'status',
} as const;
type AccountSort = keyof typeof accountSortFields;

export const searchAccountsBody = z.object({
  ...pageFields,
  sortField: z.enum(Object.keys(accountSortFields) as [AccountSort, ...AccountSort[]]).default('createTime'),
  keywords: z.string().trim().max(128).default(''),
  site: idField.optional(),
  status: z.literal([0, 1, 2], { error: 'invalidFormat' }).optional(),
  serverId: idField.optional(),
});
export type AccountSearch = z.output<typeof searchAccountsBody>;

const lineField = z
  .number({ error: 'sipLineOutOfRange' })
  .int('sipLineOutOfRange')
  .min(1, 'sipLineOutOfRange')
  .max(MAX_LINES, 'sipLineOutOfRange');
const assignment = z.object({ deviceId: idField, line: lineField, accountId: idField });
export type Assignment = z.output<typeof assignment>;

export const assignOneBody = assignment.extend({ force: z.boolean().default(false) });
export const assignBody = z.object({
  assignments: z.array(assignment).min(1, 'fieldRequired').max(100_000),
  force: z.boolean().default(false),
});
export const unassignBody = z.object({
  bindings: z
    .array(z.object({ deviceId: idField, line: lineField }))
    .min(1, 'fieldRequired')
    .max(100_000),
});

export const listAccountQuery = z.object({
  deviceId: optionalQueryId,
  keywords: z.string().trim().max(128).default(''),
});
