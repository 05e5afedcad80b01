// @vitest-environment happy-dom
import { cleanup, renderInConsole, stubApi, waitFor } from '@phonefleet/sdk/testing/ui';
import { isStrongPassword } from '@phonefleet/sdk/ui';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PasswordForm } from './pages/PersonalInfoPage.js';

async function type(selector: string, text: string): Promise<void> {
  const input = document.querySelector<HTMLInputElement>(selector) as HTMLInputElement;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  await act(async () => {
    setter?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
const submit = () =>
  act(async () => document.querySelector<HTMLButtonElement>('[data-testid=password-save]')?.click());
const RULE =
  'The password must be 8-20 characters and contain at least three of: uppercase letters, lowercase letters, digits, special characters';

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

describe('the password rule (spec §5)', () => {
  it('takes 8-20 characters with three of four kinds', () => {
    expect(isStrongPassword('Abcdefg1')).toBe(true);
    expect(isStrongPassword('abcdefg1!')).toBe(true);
    expect(isStrongPassword('ABCDEFG1!')).toBe(true);
    expect(isStrongPassword('Abc1!')).toBe(false); // too short
    expect(isStrongPassword(`Abcdefg1${'x'.repeat(13)}`)).toBe(false); // 21
    expect(isStrongPassword('abcdefgh1')).toBe(false); // two kinds
    expect(isStrongPassword('Abcdefghij')).toBe(false);
  });

  it('is shown and checked by the modify-password form, which sends the three fields', async () => {
    const api = stubApi({});
    await renderInConsole(<PasswordForm />, { buttons: {}, path: '/personnalInfo' });
    expect(document.body.textContent).toContain(RULE);
    await submit();
    await waitFor(() => expect(errors()).toEqual(Array(3).fill('Password cannot be empty!')));
    await type('#oldPassword', 'Old-pass-1');
    await type('#password', 'weakpassword');
    await type('#confirmPassword', 'other');
    await submit();
    await waitFor(() => expect(errors()).toEqual([RULE, 'The two passwords are inconsistent!']));
    await type('#password', 'Strong-pass-2');
    await type('#confirmPassword', 'Strong-pass-2');
    await submit();
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === '/user/updatePassword')?.body).toEqual({
        oldPassword: 'Old-pass-1',
        password: 'Strong-pass-2',
        confirmPassword: 'Strong-pass-2',
      }),
    );
  });
});
