import type { Rule } from 'antd/es/form';

/**
 * Spec §5: 8-20 characters with at least three of uppercase, lowercase, digit, special character.
 * The platform checks the same rule (`passwordRule`); the host's public pages have their own copy.
 */
export function isStrongPassword(password: string): boolean {
  if (password.length < 8 || password.length > 20) return false;
  const kinds = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((kind) => kind.test(password)).length;
  return kinds >= 3;
}

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
