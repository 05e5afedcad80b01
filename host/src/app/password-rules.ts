/** Spec §5: 8-20 characters with at least three of uppercase, lowercase, digit, special character. */
export function isStrongPassword(password: string): boolean {
  if (password.length < 8 || password.length > 20) return false;
  const classes = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((pattern) =>
    pattern.test(password),
  ).length;
  return classes >= 3;
}
