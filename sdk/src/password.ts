/**
 * Spec §5: a password has 8-20 characters with at least three of uppercase, lowercase, digit and
 * special character. One rule for the platform (which enforces it) and the screens (which say it
 * before sending).
 */
export function isStrongPassword(password: string): boolean {
  if (password.length < 8 || password.length > 20) return false;
  const classes = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((pattern) => pattern.test(password));
  return classes.length >= 3;
}
