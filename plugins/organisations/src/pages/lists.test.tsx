// @vitest-environment happy-dom
import type { EnterpriseRow } from '@phonefleet/sdk';
import { cleanup, renderInConsole, settle, stubApi, waitFor } from '@phonefleet/sdk/testing/ui';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EnterpriseListPage } from './EnterpriseListPage.js';

const enterprise = (id: number, name: string, status: EnterpriseRow['status']): EnterpriseRow => ({
  id,
  name,
  email: `it@${name.toLowerCase()}.example`,
  contact: '',
  phone: '',
  country: 'Germany',
  deviceLimit: id === 1 ? 20 : null,
  deviceCount: 3,
  status,
  channelId: 4,
  channelName: 'North',
  channelAuthorized: false,
  createTime: '2026-03-01T08:00:00Z',
});
const rows = () => [...document.querySelectorAll('tbody tr.ant-table-row')];
const toolbar = () =>
  [...document.querySelectorAll('.pf-fleet-table > div:first-child button')].map((b) => b.textContent);
const buttonsOf = (row: Element | undefined) =>
  [...(row?.querySelectorAll('button') ?? [])].map((button) => button.textContent);

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

describe('the enterprise list', () => {
  it('shows the columns and status tags, the granted buttons, and Freeze or Unfreeze by status', async () => {
    const { calls } = stubApi({
      '/tb-enterprise/search': () => [
        { list: [enterprise(1, 'Acme', 'inactivated'), enterprise(2, 'Globex', 'frozen')], total: 2 },
      ],
    });
    await renderInConsole(<EnterpriseListPage />, {
      buttons: { enterpriseManagement: ['add', 'edit', 'delete', 'export', 'freeze', 'sendEmail'] },
      path: '/enterpriseManagement',
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(calls.find((call) => call.path === '/tb-enterprise/search')?.body).toEqual({
      currentPage: 1,
      pageSize: 10,
      keywords: '',
      sortField: 'createTime',
      sortOrder: 'asc',
    });
    const first = rows()[0]?.textContent ?? '';
    for (const text of [
      'Acme',
      'it@acme.example',
      'Germany',
      '20',
      'North',
      'Inactivated',
      '2026/03/01 08:00',
    ]) {
      expect(first).toContain(text);
    }
    expect(rows()[1]?.textContent).toContain('No limit');
    expect(rows()[1]?.querySelector('[data-status=frozen]')?.textContent).toBe('Frozen');
    expect(toolbar()).toEqual([
      'Add',
      'Export',
      'Freeze',
      'Unfreeze',
      'Send email',
      'Delete',
      'Refresh',
      'Columns',
    ]);
    expect(buttonsOf(rows()[0])).toEqual(['Edit', 'Freeze']);
    expect(buttonsOf(rows()[1])).toEqual(['Edit', 'Unfreeze']);

    // Unfreeze on the frozen row asks first, then calls with its id.
    await act(async () => (rows()[1]?.querySelectorAll('button')[1] as HTMLButtonElement).click());
    await waitFor(() =>
      expect(document.querySelector('.ant-modal-confirm')?.textContent).toContain('Unfreeze 1 item(s)?'),
    );
    const ok = [...document.querySelectorAll<HTMLButtonElement>('.ant-modal-confirm button')].find(
      (b) => b.textContent === 'Unfreeze',
    );
    await act(async () => ok?.click());
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/tb-enterprise/unfreeze')?.body).toEqual({ ids: [2] }),
    );
  });

  it('shows only what the role holds', async () => {
    stubApi({ '/tb-enterprise/search': () => [{ list: [enterprise(1, 'Acme', 'normal')], total: 1 }] });
    await renderInConsole(<EnterpriseListPage />, {
      buttons: { enterpriseManagement: ['export'] },
      path: '/enterpriseManagement',
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await settle();
    expect(toolbar()).toEqual(['Export', 'Refresh', 'Columns']);
    expect(buttonsOf(rows()[0])).toEqual([]);
    expect(document.querySelectorAll('.ant-checkbox-input')).toHaveLength(0);
  });
});
