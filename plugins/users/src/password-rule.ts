import { isStrongPassword } from '@phonefleet/sdk/ui';
import type { Rule } from 'antd/es/form';

/** The new password's rules and its confirmation's (the two must match), with the spec's words. */
export function passwordRules(words: { empty: string; rule: string; mismatch: string }): {
  password: Rule[];
  confirmPassword: Rule[];
} {
  return {
    password: [
      { required: true, message: words.empty },
      {
        validator: (_, value: string | undefined) =>
          !value || isStrongPassword(value) ? Promise.resolve() : Promise.reject(new Error(words.rule)),
      },
    ],
    confirmPassword: [
      { required: true, message: words.empty },
      ({ getFieldValue }) => ({
        validator: (_, value: string | undefined) =>
          !value || value === getFieldValue('password')
            ? Promise.resolve()
            : Promise.reject(new Error(words.mismatch)),
      }),
    ],
  };
}
