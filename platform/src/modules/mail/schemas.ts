import { z } from 'zod';
import { emailField, requiredField } from '../../http/fields.js';

/** `/emailConfig/save` (spec §7): the password is write-only; empty or absent keeps the stored one. */
export const saveMailSettingsBody = z
  .object({
    isFlag: z.boolean(requiredField),
    /** A host name or IPv4 address; empty while mail is off. */
    mailServer: z
      .string(requiredField)
      .trim()
      .max(128, 'nameTooLong')
      .regex(
        /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)?$/,
        'invalidFormat',
      ),
    mailPort: z
      .number(requiredField)
      .int('invalidFormat')
      .min(1, 'invalidFormat')
      .max(65535, 'invalidFormat'),
    mailUser: z.string(requiredField).trim().max(128, 'nameTooLong'),
    mailPass: z.string().max(128, 'nameTooLong').optional(),
    isTls: z.boolean(requiredField),
  })
  .strict();
export type SaveMailSettings = z.output<typeof saveMailSettingsBody>;

/** `/emailConfig/test`: the form as it stands (unsaved) and where to send the test message. */
export const testMailBody = saveMailSettingsBody.extend({ to: emailField });
export type TestMail = z.output<typeof testMailBody>;
