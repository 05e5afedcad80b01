// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  accountRow,
  buttonNamed,
  choose,
  cleanup,
  click,
  renderInConsole,
  shownValue,
  stubApi,
  type,
  waitFor,
} from '../testing/helpers.js';
import { AccountFormPage } from './AccountFormPage.js';

const sites = [
  { id: 1, siteName: 'Default site', parentId: null },
  { id: 3, siteName: 'Lobby', parentId: 1 },
];
const servers = [{ id: 8, serverName: 'PBX', server: 'pbx.example.com', siteId: 3 }];
const models = [{ model: 'H2P' }, { model: 'V60' }];

const account = accountRow();

const replies = {
  '/tb-site-template/siteSelect': () => sites,
  '/tb-sip-server/options': () => servers,
  '/common/model': () => models,
  '/tb-sip-account/query': () => [account],
  '/tb-sip-account/add': () => [{ id: 22 }],
  '/tb-sip-account/update': () => [{ unbound: 0 }],
};

const render = (mode: 'add' | 'edit', path: string) =>
  renderInConsole(<AccountFormPage mode={mode} />, { buttons: { sipAccount: ['add', 'edit'] }, path });

const sent = (calls: { path: string; body: unknown }[], path: string) =>
  calls.find((call) => call.path === path)?.body as Record<string, unknown> | undefined;

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

describe('the SIP account form', () => {
  it('never shows the stored password and sends none when the field is left empty', async () => {
    const { calls } = stubApi(replies);
    await render('edit', '/sipAccount/editAccount?id=21');
    await waitFor(() => expect(shownValue('registerName')).toBe('2001'));
    const password = document.getElementById('password') as HTMLInputElement;
    expect(password.type).toBe('password');
    expect(password.value).toBe('');
    expect(password.placeholder).toBe('Unchanged');
    expect(document.body.textContent).toContain('Leave empty to keep the stored password');

    await type('displayName', 'Lobby desk');
    await click(buttonNamed('Save'));
    await waitFor(() => expect(sent(calls, '/tb-sip-account/update')).toBeDefined());
    const body = sent(calls, '/tb-sip-account/update');
    expect(body).toEqual({
      id: 21,
      labelName: 'Reception',
      registerName: '2001',
      displayName: 'Lobby desk',
      userName: '2001',
      serverId: 8,
      model: 'H2P',
      siteId: 3,
    });
    expect(body && 'password' in body).toBe(false);
  });

  it('sends a typed password as typed', async () => {
    const { calls } = stubApi(replies);
    await render('edit', '/sipAccount/editAccount?id=21');
    await waitFor(() => expect(shownValue('registerName')).toBe('2001'));
    await type('password', ' n3w Secret ');
    await click(buttonNamed('Save'));
    await waitFor(() => expect(sent(calls, '/tb-sip-account/update')?.password).toBe(' n3w Secret '));
  });

  it('adds an account without a password field in the request, taking the server’s site', async () => {
    const { calls } = stubApi(replies);
    await render('add', '/sipAccount/addAccount');
    await waitFor(() => expect(document.getElementById('serverId')).not.toBeNull());
    expect((document.getElementById('password') as HTMLInputElement).placeholder).toBe('');
    await type('registerName', '2002');
    await type('userName', '2002');
    await choose('serverId', 'PBX (pbx.example.com)');
    await click(buttonNamed('Save'));
    await waitFor(() => expect(sent(calls, '/tb-sip-account/add')).toBeDefined());
    expect(sent(calls, '/tb-sip-account/add')).toEqual({
      labelName: '',
      registerName: '2002',
      displayName: '',
      userName: '2002',
      serverId: 8,
      model: '',
      siteId: 3,
    });
  });
});
