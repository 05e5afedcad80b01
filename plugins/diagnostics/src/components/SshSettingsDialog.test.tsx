// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DiagnosisInterfacePage } from '../pages/DiagnosisInterfacePage.js';
import {
  BUTTONS,
  buttonNamed,
  byTestId,
  cleanup,
  click,
  deviceSettings,
  errorOf,
  fakeDiagnosticServer,
  page,
  renderInConsole,
  shownValue,
  stubApi,
  type,
  waitFor,
} from '../testing/helpers.js';

const DEVICE = '/diagnostics/device';
const CREDENTIALS = '/diagnostics/credentials';

async function openDialog(settings = deviceSettings()) {
  const api = stubApi({ [DEVICE]: () => [settings], '/diagnostics/sessions': () => page([]) });
  await renderInConsole(<DiagnosisInterfacePage openSocket={fakeDiagnosticServer().open} />, {
    buttons: BUTTONS,
    path: '/diagnostics/diagnosisInterface?deviceId=21',
  });
  await waitFor(() => expect(buttonNamed('SSH settings')).toBeDefined());
  await click(buttonNamed('SSH settings'));
  await waitFor(() => expect(byTestId('ssh-settings')).not.toBeNull());
  return api;
}

const passwordInput = () => document.getElementById('ssh_password') as HTMLInputElement | null;

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the SSH settings dialog', () => {
  it('never prefills the password and keeps the stored one when it is left empty', async () => {
    const { bodies } = await openDialog(
      deviceSettings({ port: 2222, username: 'root', credentials: 'device', hostKey: null }),
    );
    expect(shownValue('ssh_port')).toBe('2222');
    expect(shownValue('ssh_username')).toBe('root');
    expect(passwordInput()?.value).toBe('');
    expect(passwordInput()?.type).toBe('password');
    expect(passwordInput()?.placeholder).toBe('Set for this device; leave empty to keep it');
    await type('ssh_username', ' admin ');
    await click(buttonNamed('Save'));
    await waitFor(() =>
      expect(bodies(CREDENTIALS)).toEqual([{ deviceId: 21, port: 2222, username: 'admin' }]),
    );
    // Saved: the page says so and reads the settings again.
    await waitFor(() =>
      expect(document.querySelector('.ant-message')?.textContent).toContain('Saved successfully'),
    );
    await waitFor(() => expect(bodies(DEVICE)).toHaveLength(2));
  });

  it('sends a typed password, and says where the password in use comes from', async () => {
    const { bodies } = await openDialog(deviceSettings({ credentials: 'configuration' }));
    expect(passwordInput()?.placeholder).toBe(
      "The configuration's administrator password applies; leave empty to keep it",
    );
    // Only a device's own password can be cleared; no key is pinned yet.
    expect(buttonNamed('Clear device password')).toBeUndefined();
    expect(buttonNamed('Forget host key')).toBeUndefined();
    expect(byTestId('ssh-settings')?.parentElement?.textContent).toContain(
      'None yet: the first connection pins the key the phone shows',
    );
    await type('ssh_password', 's3cret!');
    await click(buttonNamed('Save'));
    await waitFor(() =>
      expect(bodies(CREDENTIALS)).toEqual([
        { deviceId: 21, port: 22, username: 'admin', password: 's3cret!' },
      ]),
    );
  });

  it('refuses an empty user name before sending', async () => {
    const { bodies } = await openDialog();
    await type('ssh_username', '  ');
    await click(buttonNamed('Save'));
    await waitFor(() => expect(errorOf('ssh_username')).toBe('User name required'));
    expect(bodies(CREDENTIALS)).toEqual([]);
  });

  it('shows the pinned host key and forgets it, or clears the device password, once confirmed', async () => {
    const fingerprint = 'SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU';
    const { bodies } = await openDialog(deviceSettings({ credentials: 'device', hostKey: fingerprint }));
    expect(byTestId('ssh-host-key')?.textContent).toBe(fingerprint);
    await click(buttonNamed('Forget host key'));
    expect(bodies(CREDENTIALS)).toEqual([]);
    const confirm = () =>
      [...document.querySelectorAll<HTMLButtonElement>('.ant-popconfirm button')].find(
        (button) => button.textContent === 'Forget host key',
      );
    await waitFor(() => expect(confirm()).toBeDefined());
    await click(confirm());
    await waitFor(() => expect(bodies(CREDENTIALS)).toEqual([{ deviceId: 21, forgetHostKey: true }]));
    await click(buttonNamed('Clear device password'));
    const clear = () =>
      [...document.querySelectorAll<HTMLButtonElement>('.ant-popconfirm button')].find(
        (button) => button.textContent === 'Clear device password',
      );
    await waitFor(() => expect(clear()).toBeDefined());
    await click(clear());
    await waitFor(() => expect(bodies(CREDENTIALS)).toContainEqual({ deviceId: 21, clearPassword: true }));
  });
});
