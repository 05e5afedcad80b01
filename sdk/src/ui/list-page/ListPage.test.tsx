// @vitest-environment happy-dom

// Imported as a plugin imports them: a throwaway area's list page needs nothing else.
import { cleanup, renderInConsole, stubApi, waitFor } from '@phonefleet/sdk/testing/ui';
import { apiPage, apiRequest, defineTexts, deleteAction, ListPage, useTexts } from '@phonefleet/sdk/ui';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The throwaway area: its row, its own words, and its one list page on top of the kit.
interface Note {
  id: number;
  title: string;
}
const noteText = defineTexts({
  notes: { en: 'Notes', zh: '便签' },
  noteTitle: { en: 'Title', zh: '标题' },
});
const removeNotes = deleteAction({ run: (ids) => apiRequest('DELETE', '/note/remove', { body: { ids } }) });

function NoteListPage() {
  const t = useTexts(noteText);
  return (
    <ListPage<Note>
      power="note"
      tableId="notes"
      title={t('notes')}
      columns={[{ key: 'title', title: t('noteTitle'), dataIndex: 'title' }]}
      request={(query, filters) => apiPage<Note>('POST', '/note/search', { body: { ...query, ...filters } })}
      keywords={{ placeholder: t('noteTitle') }}
      toolbar={[{ key: 'add', button: 'add', primary: true, onClick: () => undefined }, removeNotes]}
      rowActions={() => [removeNotes]}
    />
  );
}

const notes: Note[] = [
  { id: 1, title: 'Check the lobby phones' },
  { id: 2, title: 'Order headsets' },
];
const rows = () => [...document.querySelectorAll('tbody tr.ant-table-row')];
const toolbar = () =>
  [...document.querySelectorAll('.pf-fleet-table > div:first-child button')].map((b) => b.textContent);
const buttonsOf = (row: Element | undefined) =>
  [...(row?.querySelectorAll('button') ?? [])].map((button) => button.textContent);
const show = (buttons: string[]) =>
  renderInConsole(<NoteListPage />, { buttons: { note: buttons }, path: '/note' });

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
});

describe('a list page built on the kit', () => {
  it('shows the rows of the list route with the title, the paging and the granted buttons', async () => {
    const { calls } = stubApi({ '/note/search': () => [{ list: notes, total: 2 }] });
    const page = await show(['add', 'delete']);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(calls.find((call) => call.path === '/note/search')?.body).toEqual({
      currentPage: 1,
      pageSize: 10,
    });
    expect(page.querySelector('h4')?.textContent).toBe('Notes');
    expect(rows()[0]?.textContent).toContain('Check the lobby phones');
    expect(page.textContent).toContain('Total 2 items');
    expect(toolbar()).toEqual(['Add', 'Delete', 'Refresh', 'Columns']);
    expect(buttonsOf(rows()[1])).toEqual(['Delete']);
  });

  it('shows what changed since it loaded when Refresh is pressed, on the same page', async () => {
    let titles = ['Check the lobby phones'];
    const { calls } = stubApi({
      '/note/search': () => [
        { list: titles.map((title, index) => ({ id: index + 1, title })), total: titles.length },
      ],
    });
    await show([]);
    await waitFor(() => expect(rows()).toHaveLength(1));
    titles = ['Check the lobby phones', 'Order headsets'];
    const refresh = document.querySelector<HTMLButtonElement>('[data-testid=table-refresh]');
    await act(async () => refresh?.click());
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(calls.filter((call) => call.path === '/note/search')).toHaveLength(2);
  });

  it('asks before deleting the selected rows, then deletes them and reloads', async () => {
    const { calls } = stubApi({ '/note/search': () => [{ list: notes, total: 2 }] });
    await show(['delete']);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const remove = [
      ...document.querySelectorAll<HTMLButtonElement>('.pf-fleet-table > div:first-child button'),
    ].find((button) => button.textContent === 'Delete');
    expect(remove?.disabled).toBe(true);
    await act(async () => rows()[1]?.querySelector<HTMLInputElement>('input[type=checkbox]')?.click());
    expect(remove?.disabled).toBe(false);
    expect(document.body.textContent).toContain('1 selected');
    await act(async () => remove?.click());
    await waitFor(() =>
      expect(document.querySelector('.ant-modal-confirm')?.textContent).toContain(
        'Delete the 1 selected item(s)?',
      ),
    );
    const ok = [...document.querySelectorAll<HTMLButtonElement>('.ant-modal-confirm button')].find(
      (button) => button.textContent === 'Delete',
    );
    await act(async () => ok?.click());
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/note/remove')?.body).toEqual({ ids: [2] }),
    );
    await waitFor(() => expect(document.body.textContent).toContain('Deleted successfully'));
    await waitFor(() => expect(calls.filter((call) => call.path === '/note/search')).toHaveLength(2));
  });

  it('hides what the role lacks: no Delete, no row selection; no Add without it either', async () => {
    stubApi({ '/note/search': () => [{ list: notes, total: 2 }] });
    await show(['add']);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(toolbar()).toEqual(['Add', 'Refresh', 'Columns']);
    expect(buttonsOf(rows()[0])).toEqual([]);
    expect(document.querySelectorAll('.ant-checkbox-input')).toHaveLength(0);

    await cleanup();
    await show([]);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(toolbar()).toEqual(['Refresh', 'Columns']);
  });

  it('searches by keywords from page 1', async () => {
    const { calls } = stubApi({ '/note/search': () => [{ list: notes, total: 2 }] });
    await show([]);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const search = document.querySelector<HTMLInputElement>('input[placeholder="Title"]') as HTMLInputElement;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    await act(async () => {
      setter?.call(search, ' headsets ');
      search.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () =>
      search.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', keyCode: 13, bubbles: true })),
    );
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/note/search').at(-1)?.body).toEqual({
        currentPage: 1,
        pageSize: 10,
        keywords: 'headsets',
      }),
    );
  });
});
