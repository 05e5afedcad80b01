import { describe, expect, it } from 'vitest';
import { isStrongPassword } from './password.js';

describe('isStrongPassword', () => {
  it('needs 8 to 20 characters', () => {
    expect(isStrongPassword('Ab1!')).toBe(false);
    expect(isStrongPassword('Abcdef1!')).toBe(true);
    expect(isStrongPassword(`Ab1!${'x'.repeat(16)}`)).toBe(true);
    expect(isStrongPassword(`Ab1!${'x'.repeat(17)}`)).toBe(false);
  });

  it('needs at least three character classes', () => {
    expect(isStrongPassword('abcdefgh1')).toBe(false);
    expect(isStrongPassword('abcdefgH1')).toBe(true);
    expect(isStrongPassword('abcdefg#1')).toBe(true);
    expect(isStrongPassword('ABCDEFG#')).toBe(false);
  });
});
