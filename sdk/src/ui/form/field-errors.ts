import { ErrorCode, type Language } from '../../envelope.js';
import { isMessageKey, type MessageKey, messages, translate } from '../../messages.js';
import type { ApiError } from '../api-error.js';

/** Server messages that are about one field (a taken name → the name field), by message key. */
export type ServerFieldErrors = Partial<Record<MessageKey, string>>;

export interface FieldErrors {
  name: string;
  errors: string[];
}

/**
 * Where a refused save's message belongs: on the field a known message names, or on the fields a
 * schema refusal lists in `messageExt` ("siteName: fieldRequired; body.siteDesc: ..."). Empty when
 * the refusal is about no field of the form (it is then shown above the form).
 */
export function serverFieldErrors(
  error: ApiError,
  fields: readonly string[],
  byMessage: ServerFieldErrors,
  language: Language,
): FieldErrors[] {
  for (const [key, field] of Object.entries(byMessage)) {
    const text = messages[key as MessageKey];
    if (field && fields.includes(field) && (error.message === text.en || error.message === text.zh))
      return [{ name: field, errors: [error.message] }];
  }
  if (error.code !== ErrorCode.invalidInput || !error.messageExt) return [];
  const byField = new Map<string, string[]>();
  for (const issue of error.messageExt.split('; ')) {
    const match = /^([\w.]+): (.+)$/.exec(issue);
    if (!match?.[1] || !match[2]) continue;
    const path = match[1].split('.');
    const field = path[0] === 'body' || path[0] === 'query' ? path[1] : path[0];
    if (!field || !fields.includes(field)) continue;
    const text = isMessageKey(match[2]) ? translate(match[2], language) : error.message;
    const shown = byField.get(field) ?? [];
    if (!shown.includes(text)) byField.set(field, [...shown, text]);
  }
  return [...byField].map(([name, errors]) => ({ name, errors }));
}
