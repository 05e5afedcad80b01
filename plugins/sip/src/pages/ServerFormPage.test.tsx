// @vitest-environment happy-dom
import type { SipServerRow } from '@phonefleet/sdk';
import { message } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buttonNamed,
  choiceOf,
  choose,
  cleanup,
  click,
  errorOf,
  renderInConsole,
  shownValue,
  stubApi,
  type,
  waitFor,
} from '../testing/helpers.js';
import { ServerFormPage } from './ServerFormPage.js';

const sites = [
  { id: 1, siteName: 'Default site', parentId: null },
  { id: 3, siteName: 'Lobby', parentId: 1 },
];

const server: SipServerRow = {
  id: 8,
  serverName: 'PBX',
  server: 'pbx.example.com',
  port: 5062,
  outboundProxy: '',
  outboundPort: null,
  expires: 1800,
  transport: 1,
  natTraversal: 2,
  secondary: {
    server: 'pbx2.example.com',
    port: 5070,
    expires: 900,
    transport: 2,
    outboundProxy: '',
    outboundPort: null,
  },
  siteId: 1,
  siteName: 'Default site',
  accountNumber: 4,
  createTime: '2026-01-01T00:00:00Z',
};

const render = (mode: 'add' | 'edit', path: string) =>
  renderInConsole(<ServerFormPage mode={mode} />, { buttons: { sipServer: ['add', 'edit'] }, path });

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the SIP server form', () => {
  it('starts with the spec §9 defaults, the secondary block included, and sends them', async () => {
    const { calls } = stubApi({
      '/tb-site-template/siteSelect': () => sites,
      '/tb-sip-server/add': () => [{ id: 9 }],
    });
    await render('add', '/sipServer/addServer');
    await waitFor(() => expect(shownValue('port')).toBe('5060'));
    expect(shownValue('expires')).toBe('3600');
    expect(choiceOf('transport')).toBe('UDP');
    expect(choiceOf('natTraversal')).toBe('Disable');
    // Collapsed, yet in the form: its defaults are sent.
    expect(shownValue('secondary_port')).toBe('5060');
    expect(shownValue('secondary_expires')).toBe('3600');
    expect(choiceOf('secondary_transport')).toBe('UDP');

    await type('serverName', ' Main PBX ');
    await type('server', 'pbx.example.com');
    await choose('siteId', 'Lobby');
    await click(buttonNamed('Save'));
    await waitFor(() => expect(calls.some((call) => call.path === '/tb-sip-server/add')).toBe(true));
    expect(calls.find((call) => call.path === '/tb-sip-server/add')?.body).toEqual({
      serverName: 'Main PBX',
      server: 'pbx.example.com',
      port: 5060,
      outboundProxy: '',
      outboundPort: null,
      expires: 3600,
      transport: 0,
      natTraversal: 0,
      siteId: 3,
      secondary: {
        server: '',
        port: 5060,
        expires: 3600,
        transport: 0,
        outboundProxy: '',
        outboundPort: null,
      },
    });
  });

  it('refuses ports and expiries out of range, also inside the collapsed block, before any call', async () => {
    const { calls } = stubApi({ '/tb-site-template/siteSelect': () => sites });
    await render('add', '/sipServer/addServer');
    await waitFor(() => expect(shownValue('port')).toBe('5060'));
    await type('serverName', 'PBX');
    await type('server', 'pbx example');
    await type('port', '70000');
    await type('expires', '10');
    await type('secondary_port', '0');
    await click(buttonNamed('Save'));
    await waitFor(() => expect(errorOf('port')).toBe('Ports are integers from 1 to 65535'));
    expect(errorOf('expires')).toBe('The register expiry is 30 to 604800 seconds');
    expect(errorOf('server')).toBe('Invalid format!');
    expect(errorOf('siteId')).toBe('This field cannot be empty!');
    // The additional settings opened to show their error.
    expect(document.querySelector('.ant-collapse-item-active')).not.toBeNull();
    expect(errorOf('secondary_port')).toBe('Ports are integers from 1 to 65535');
    expect(calls.some((call) => call.path === '/tb-sip-server/add')).toBe(false);
  });

  it('asks before moving a server with accounts to another site, then says how many were unbound', async () => {
    const warned = vi.spyOn(message, 'warning').mockImplementation(() => (() => undefined) as never);
    const { calls } = stubApi({
      '/tb-site-template/siteSelect': () => sites,
      '/tb-sip-server/query': () => [server],
      '/tb-sip-server/update': () => [{ unbound: 2 }],
    });
    await render('edit', '/sipServer/editServer?id=8');
    await waitFor(() => expect(shownValue('serverName')).toBe('PBX'));
    expect(shownValue('port')).toBe('5062');
    expect(choiceOf('transport')).toBe('TCP');
    expect(choiceOf('natTraversal')).toBe('STUN');
    expect(shownValue('secondary_server')).toBe('pbx2.example.com');
    expect(document.querySelector('.ant-collapse-item-active')).not.toBeNull();

    await choose('siteId', 'Lobby');
    await click(buttonNamed('Save'));
    await waitFor(() => expect(document.body.textContent).toContain('will be unbound'));
    expect(calls.some((call) => call.path === '/tb-sip-server/update')).toBe(false);
    await click(buttonNamed('OK'));
    await waitFor(() => expect(calls.some((call) => call.path === '/tb-sip-server/update')).toBe(true));
    expect(calls.find((call) => call.path === '/tb-sip-server/update')?.body).toMatchObject({
      id: 8,
      siteId: 3,
      port: 5062,
      secondary: { server: 'pbx2.example.com', port: 5070, expires: 900, transport: 2 },
    });
    await waitFor(() => expect(warned).toHaveBeenCalledWith('2 account(s) were unbound'));
  });
});
