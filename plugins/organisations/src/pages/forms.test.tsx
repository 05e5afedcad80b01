// @vitest-environment happy-dom
import { cleanup, renderInConsole, settle, stubApi, waitFor } from '@phonefleet/sdk/testing/ui';
import { message } from 'antd';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthorizationPage } from './AuthorizationPage.js';
import { ChannelFormPage } from './ChannelFormPage.js';
import { EnterpriseFormPage } from './EnterpriseFormPage.js';
import { SendEmailPage } from './SendEmailPage.js';

const REQUIRED = 'This field cannot be empty!';
const BAD_EMAIL = 'Please fill in the email address correctly!';

const button = (text: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === text);

/** Types into a field as a person would (the form's field ids are the field names). */
async function type(field: string, text: string): Promise<void> {
  const input = document.querySelector<HTMLInputElement | HTMLTextAreaElement>(`#${field}`);
  if (!input) throw new Error(`no field ${field}`);
  const prototype =
    input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** What the forms say after saving and leaving (antd's global message: it outlives the page). */
function notices(): string[] {
  const said: string[] = [];
  vi.spyOn(message, 'success').mockImplementation((content) => {
    said.push(
      typeof content === 'object' && content && 'content' in content
        ? String(content.content)
        : String(content),
    );
    return (() => undefined) as never;
  });
  return said;
}

/** The validation messages under a field ('' when none), without those still fading out. */
const errorOf = (field: string) =>
  [...document.querySelectorAll(`#${field}_help .ant-form-item-explain-error`)]
    .filter((node) => !/-leave/.test(node.className))
    .map((node) => node.textContent)
    .join(' | ');

async function click(text: string): Promise<void> {
  await act(async () => button(text)?.click());
  await settle(50);
}

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the channel form', () => {
  it('requires a name and a valid register email of at most 128 characters before any call', async () => {
    const { calls } = stubApi({
      '/allChannel': () => [{ id: 4, name: 'North', type: 'channel', parentId: null }],
      '/tb-channel/add': () => [{ id: 9 }],
    });
    const said = notices();
    await renderInConsole(<ChannelFormPage mode="add" />, {
      buttons: {},
      path: '/channelManagement/addChannel',
    });
    await click('Save');
    await waitFor(() => expect(errorOf('name')).toBe(REQUIRED));
    expect(errorOf('email')).toBe(REQUIRED);

    await type('name', 'x'.repeat(129));
    await type('email', 'not-an-address');
    await click('Save');
    await waitFor(() => expect(errorOf('name')).toBe('The length cannot exceed 128 characters'));
    expect(errorOf('email')).toBe(BAD_EMAIL);
    await type('email', `${'a'.repeat(120)}@example.com`);
    await waitFor(() => expect(errorOf('email')).toBe('The length cannot exceed 128 characters'));
    expect(calls.filter((call) => call.path === '/tb-channel/add')).toHaveLength(0);

    await type('name', '  North Reseller ');
    await type('email', ' sales@north.example ');
    await click('Save');
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/tb-channel/add')?.body).toEqual({
        name: 'North Reseller',
        email: 'sales@north.example',
        contact: '',
        phone: '',
        maySubChannels: false,
        parentId: null,
      }),
    );
    await waitFor(() => expect(said).toEqual(['An activation email has been sent to sales@north.example']));
  });
});

describe('the enterprise form', () => {
  it('requires the country/area and takes device numbers of 0 or more, or none', async () => {
    const { calls } = stubApi({ '/allChannel': () => [], '/tb-enterprise/add': () => [{ id: 12 }] });
    await renderInConsole(<EnterpriseFormPage mode="add" />, {
      buttons: {},
      path: '/enterpriseManagement/addEnterprise',
    });
    await click('Save');
    await waitFor(() => expect(errorOf('country')).toBe(REQUIRED));
    expect(errorOf('name')).toBe(REQUIRED);
    expect(errorOf('email')).toBe(REQUIRED);

    await type('name', 'Acme');
    await type('email', 'it@acme');
    await type('country', '   ');
    await type('deviceLimit', '-1');
    await click('Save');
    await waitFor(() => expect(errorOf('deviceLimit')).toBe('Enter a whole number of 0 or more'));
    expect(errorOf('country')).toBe(REQUIRED);
    expect(errorOf('email')).toBe(BAD_EMAIL);
    expect(calls.filter((call) => call.path === '/tb-enterprise/add')).toHaveLength(0);

    await type('email', 'it@acme.example');
    await type('country', 'Germany');
    await type('deviceLimit', '');
    await click('Save');
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/tb-enterprise/add')?.body).toEqual({
        name: 'Acme',
        email: 'it@acme.example',
        contact: '',
        phone: '',
        country: 'Germany',
        deviceLimit: null,
        channelId: null,
      }),
    );
  });
});

describe('the notification email form', () => {
  it('names the recipients, limits the title to 500 and the body to 10000, then says how many were queued', async () => {
    const { calls } = stubApi({
      '/tb-enterprise/query': () => [{ id: 7, name: 'Acme' }],
      '/tb-enterprise/sendEmail': () => [{ queued: 1 }],
    });
    const said = notices();
    await renderInConsole(<SendEmailPage area="enterprise" />, {
      buttons: {},
      path: '/enterpriseManagement/sendEmail?ids=7',
    });
    await waitFor(() =>
      expect(document.querySelector('[data-testid=org-recipients]')?.textContent).toBe('Acme'),
    );
    await click('Send');
    await waitFor(() => expect(errorOf('title')).toBe(REQUIRED));
    expect(errorOf('body')).toBe(REQUIRED);

    await type('title', 't'.repeat(501));
    await type('body', 'b'.repeat(10_001));
    await click('Send');
    await waitFor(() => expect(errorOf('title')).toBe('The length cannot exceed 500 characters'));
    expect(errorOf('body')).toBe('The length cannot exceed 10000 characters');
    expect(calls.filter((call) => call.path === '/tb-enterprise/sendEmail')).toHaveLength(0);

    await type('title', 'Maintenance tonight');
    await type('body', 'The console is down from 22:00 to 23:00.');
    await act(async () => document.querySelector<HTMLInputElement>('input[value=zh]')?.click());
    await click('Send');
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/tb-enterprise/sendEmail')?.body).toEqual({
        ids: [7],
        template: 'zh',
        title: 'Maintenance tonight',
        body: 'The console is down from 22:00 to 23:00.',
      }),
    );
    await waitFor(() => expect(said).toEqual(['1 email(s) queued for sending']));
  });
});

describe('the authorized channels card', () => {
  it('names the superior channel and authorizes it after a confirmation; no button without the permission', async () => {
    let authorized = false;
    const { calls } = stubApi({
      '/tb-authorization/query': () => [{ channelId: 4, channelName: 'North', authorized }],
      '/tb-authorization/save': (body) => {
        authorized = (body as { authorized: boolean }).authorized;
        return [];
      },
    });
    await renderInConsole(<AuthorizationPage />, {
      buttons: { authorizedChannels: ['authorize', 'cancel'] },
      path: '/authorizedChannels',
    });
    await waitFor(() =>
      expect(document.querySelector('[data-testid=authorization-channel]')?.textContent).toBe('North'),
    );
    expect(document.querySelector('[data-testid=authorization-status]')?.textContent).toBe('Not authorized');
    await click('Authorize');
    await waitFor(() =>
      expect(document.querySelector('.ant-modal-confirm')?.textContent).toContain(
        'Authorize channel “North” to enter and manage your enterprise?',
      ),
    );
    const ok = [...document.querySelectorAll<HTMLButtonElement>('.ant-modal-confirm button')].find(
      (b) => b.textContent === 'Authorize',
    );
    await act(async () => ok?.click());
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/tb-authorization/save')?.body).toEqual({
        authorized: true,
      }),
    );
    await waitFor(() =>
      expect(document.querySelector('[data-testid=authorization-status]')?.textContent).toBe('Authorized'),
    );
    expect(button('Cancel authorization')).toBeDefined();

    await cleanup();
    await renderInConsole(<AuthorizationPage />, {
      buttons: { authorizedChannels: [] },
      path: '/authorizedChannels',
    });
    await waitFor(() =>
      expect(document.querySelector('[data-testid=authorization-status]')?.textContent).toBe('Authorized'),
    );
    expect(button('Cancel authorization')).toBeUndefined();
  });
});

describe('the enterprise edit form', () => {
  it('loads the enterprise, shows its channel though the picker does not list it, and saves without moving it', async () => {
    const { calls } = stubApi({
      '/allChannel': () => [],
      '/tb-enterprise/query': () => [
        {
          id: 12,
          name: 'Acme',
          email: 'it@acme.example',
          contact: 'Ann',
          phone: '',
          country: 'Germany',
          deviceLimit: 20,
          deviceCount: 3,
          status: 'normal',
          channelId: 4,
          channelName: 'North',
          channelAuthorized: false,
          createTime: '2026-03-01T08:00:00Z',
        },
      ],
    });
    await renderInConsole(<EnterpriseFormPage mode="edit" />, {
      buttons: {},
      path: '/enterpriseManagement/editEnterprise?id=12',
    });
    await waitFor(() => expect(document.querySelector<HTMLInputElement>('#name')?.value).toBe('Acme'));
    expect(document.querySelector('[data-testid=org-channel]')?.textContent).toBe('North');
    expect(document.querySelector('#channelId')?.hasAttribute('disabled')).toBe(true);
    await type('deviceLimit', '');
    await click('Save');
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/tb-enterprise/update')?.body).toEqual({
        id: 12,
        name: 'Acme',
        email: 'it@acme.example',
        contact: 'Ann',
        phone: '',
        country: 'Germany',
        deviceLimit: null,
      }),
    );
  });
});
