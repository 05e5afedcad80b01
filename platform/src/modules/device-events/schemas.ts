import { normaliseMac } from '@phonefleet/sdk';
import { z } from 'zod';

/** Events a phone reports through its action URLs (`GET /events/<event>?...`). */
export const PHONE_EVENTS = [
  'setupCompleted',
  'registered',
  'unregistered',
  'registrationFailed',
  'reboot',
  'callEnd',
] as const;
export type PhoneEventName = (typeof PHONE_EVENTS)[number];

export function isPhoneEvent(value: string): value is PhoneEventName {
  return (PHONE_EVENTS as readonly string[]).includes(value);
}

const text = (max: number) => z.string().trim().max(max).optional();

/** `12` (one figure) or `10/12/30` (min/avg/max; `,` also separates). */
const figures = z
  .string()
  .trim()
  .regex(/^\d{1,6}(\.\d{1,3})?([/,]\d{1,6}(\.\d{1,3})?){0,2}$/)
  .transform((value) => {
    const numbers = value.split(/[/,]/).map(Number);
    if (numbers.length === 1) return { min: numbers[0] ?? 0, avg: numbers[0] ?? 0, max: numbers[0] ?? 0 };
    if (numbers.length === 2) return { min: numbers[0] ?? 0, avg: numbers[1] ?? 0, max: numbers[1] ?? 0 };
    return { min: numbers[0] ?? 0, avg: numbers[1] ?? 0, max: numbers[2] ?? 0 };
  });
export type Figures = z.output<typeof figures>;

/** The query an action URL carries; phones fill `$mac`, `$ip`, `$model`... (docs/device-events.md). */
export const eventQuery = z.object({
  mac: z
    .string()
    .transform((value, ctx) => {
      const mac = normaliseMac(value);
      if (!mac) ctx.addIssue({ code: 'custom', message: 'invalidMac' });
      return mac ?? '';
    })
    .optional(),
  ip: z.union([z.ipv4(), z.ipv6()]).optional(),
  model: text(64),
  firmware: text(64),
  account: text(128),
  /** The line (account number on the phone) a registration event is about. */
  line: z.coerce.number().int().min(1).max(20).optional(),
  /** Why a registration failed, as the phone saw it (e.g. `403 Forbidden`). */
  reason: text(128),
  sipPort: z.coerce.number().int().min(1).max(65535).optional(),
  caller: text(256),
  callee: text(256),
  local: text(512),
  remote: text(512),
  codec: text(64),
  delay: figures.optional(),
  jitter: figures.optional(),
  loss: figures.optional().refine((value) => !value || value.max <= 100, 'loss is a percentage'),
});
export type EventQuery = z.output<typeof eventQuery>;
