import { z } from 'zod';
import { bodyId } from '../../http/fields.js';

// Presence is checked by the service so each empty field gets its own spec message.
export const loginBody = z.object({
  userName: z.string().max(128).default(''),
  userPwd: z.string().max(128).default(''),
  captchaId: z.string().max(64).default(''),
  verifyCode: z.string().max(16).default(''),
});

export const forgetPasswordQuery = z.object({ name: z.string().min(1).max(128) });

export const resetPasswordBody = z.object({
  token: z.string().min(1).max(128),
  password: z.string().max(128),
  confirmPassword: z.string().max(128),
});

/** `/enterTheEnterprise`: the enterprise to enter, or null to return to the own organization. */
export const enterBody = z.object({ id: bodyId.nullable() }).strict();
