// @vitest-environment happy-dom
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginInfo } from '../session.js';
import { type FleetColumn, FleetTable, type FleetTableQuery, nextPage, nextSort } from './FleetTable.js';
import { SessionProvider } from './session.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Device {
  id: number;
  mac: string;
  name: string | null;
  model: string;
}

const login: LoginInfo = {
  entered: null,
  user: {
    id: 7,
    userName: 'admin',
    email: 'admin@example.com',
    role: 'admin',
    userType: 'admin',
    enterpriseType: 'others',
    channelId: null,
    enterpriseId: null,
    zoneId: null,
    timezone: null,
    zoneOffset: '+00:00',
  },
  resources: [],
  buttons: {},
};

const columns: FleetColumn<Device>[] = [
  { key: 'mac', title: 'MAC', dataIndex: 'mac' },
  { key: 'name', title: 'Name', dataIndex: 'name' },
  {
    key: 'model',
    title: 'Model',
    dataIndex: 'model',
    render: (value: string) => (value ? `[${value}]` : null),
  },
];

function devices(count: number, offset = 0): Device[] {
  return Array.from({ length: count }, (_, i) => ({
    id: offset + i,
    mac: `00:15:65:00:00:${String(offset + i).padStart(2, '0')}`,
    name: i % 2 ? `phone ${offset + i}` : null,
    model: i % 3 ? 'H2P' : '',
  }));
}

let root: Root;
let container: HTMLDivElement;

async function render(ui: ReactNode): Promise<void> {
  await act(async () => {
    root.render(
      <SessionProvider login={login} language="en-US" zoneOffset="+00:00">
        {ui}
      </SessionProvider>,
    );
  });
}

async function waitFor(check: () => void, timeoutMs = 3000): Promise<void> {
  const start = Date.now();
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() - start > timeoutMs) throw error;
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
    }
  }
}

async function click(element: Element | null | undefined): Promise<void> {
  if (!element) throw new Error('nothing to click');
  await act(async () => {
    (element as HTMLElement).click();
  });
}

const bodyRows = () => [...container.querySelectorAll('tbody tr.ant-table-row')];
const headers = () => [...container.querySelectorAll('thead th')].map((th) => th.textContent);

async function openColumnChooser(): Promise<void> {
  await click(container.querySelector('[data-testid=column-chooser-button]'));
  await waitFor(() => expect(document.querySelector('[data-testid=column-chooser]')).not.toBeNull());
}

/** The column chooser's checkbox of the column titled `label`. */
const chooserBox = (label: string) =>
  [...document.querySelectorAll('[data-testid=column-chooser] label')]
    .find((node) => node.textContent === label)
    ?.querySelector('input');

beforeEach(() => {
  localStorage.clear();
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  document.body.innerHTML = '';
});

describe('FleetTable', () => {
  it('asks for page 1 of 10 rows, shows -- for empty cells and the total', async () => {
    const request = vi.fn(async (query: FleetTableQuery) => ({ rows: devices(query.pageSize), total: 42 }));
    await render(<FleetTable tableId="devices" columns={columns} request={request} rowKey="id" />);
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    expect(request).toHaveBeenCalledWith({ currentPage: 1, pageSize: 10 });
    const firstRow = [...(bodyRows()[0]?.querySelectorAll('td') ?? [])].map((td) => td.textContent);
    expect(firstRow).toEqual(['00:15:65:00:00:00', '--', '--']);
    const secondRow = [...(bodyRows()[1]?.querySelectorAll('td') ?? [])].map((td) => td.textContent);
    expect(secondRow).toEqual(['00:15:65:00:00:01', 'phone 1', '[H2P]']);
    expect(container.textContent).toContain('Total 42 items');
    expect(container.querySelector('.ant-pagination-options-size-changer')).not.toBeNull();
    expect(container.querySelector('.ant-pagination-options-quick-jumper')).not.toBeNull();
    expect(container.querySelector('.ant-pagination-options')?.textContent).toContain('10 / page');
  });

  it('goes back to page 1 when a later page comes back empty', async () => {
    let deleted = false;
    const request = vi.fn(async (query: FleetTableQuery) => {
      if (deleted && query.currentPage > 1) return { rows: [], total: 5 };
      return { rows: devices(deleted ? 5 : 10, (query.currentPage - 1) * 10), total: deleted ? 5 : 30 };
    });
    await render(<FleetTable tableId="devices" columns={columns} request={request} rowKey="id" />);
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    await click(container.querySelector('.ant-pagination-item-3'));
    await waitFor(() => expect(request).toHaveBeenLastCalledWith({ currentPage: 3, pageSize: 10 }));
    await waitFor(() => expect(bodyRows()[0]?.textContent).toContain('00:15:65:00:00:20'));
    deleted = true;
    await click(container.querySelector('.ant-pagination-item-2'));
    await waitFor(() => expect(request).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 10 }));
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    expect(container.querySelector('.ant-pagination-item-active')?.textContent).toBe('1');
  });

  it('goes back to page 1 when the page size changes', () => {
    expect(nextPage({ page: 3, pageSize: 10 }, { current: 3, pageSize: 50 })).toEqual({
      page: 1,
      pageSize: 50,
    });
    expect(nextPage({ page: 3, pageSize: 10 }, { current: 4, pageSize: 10 })).toEqual({
      page: 4,
      pageSize: 10,
    });
  });

  it('goes back to page 1 when the filters change', async () => {
    const request = vi.fn(async (query: FleetTableQuery) => ({
      rows: devices(10, (query.currentPage - 1) * 10),
      total: 30,
    }));
    await render(
      <FleetTable
        tableId="devices"
        columns={columns}
        request={request}
        rowKey="id"
        params={{ keywords: '' }}
      />,
    );
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    await click(container.querySelector('.ant-pagination-item-2'));
    await waitFor(() => expect(request).toHaveBeenLastCalledWith({ currentPage: 2, pageSize: 10 }));
    await render(
      <FleetTable
        tableId="devices"
        columns={columns}
        request={request}
        rowKey="id"
        params={{ keywords: 'h2' }}
      />,
    );
    await waitFor(() => expect(request).toHaveBeenLastCalledWith({ currentPage: 1, pageSize: 10 }));
  });

  it('hides columns, remembers them per user, and keeps at least one', async () => {
    const request = async () => ({ rows: devices(3), total: 3 });
    await render(<FleetTable tableId="devices" columns={columns} request={request} rowKey="id" />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    await openColumnChooser();
    await click(chooserBox('Name'));
    await click(chooserBox('Model'));
    expect(headers()).toEqual(['MAC']);
    expect(JSON.parse(localStorage.getItem('pf.columns.7.devices') ?? '[]')).toEqual(['name', 'model']);

    await click(chooserBox('MAC'));
    expect(headers()).toEqual(['MAC']);
    await waitFor(() => expect(document.body.textContent).toContain('Show at least one column'));

    // A new table instance (another visit) restores the choice.
    await act(async () => root.unmount());
    root = createRoot(container);
    await render(<FleetTable tableId="devices" columns={columns} request={request} rowKey="id" />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(headers()).toEqual(['MAC']);
  });

  it('starts without the default-hidden columns, remembers one shown, and Reset hides it again', async () => {
    const request = async () => ({ rows: devices(3), total: 3 });
    const withDefaults = columns.map((column) =>
      column.key === 'model' ? { ...column, defaultHidden: true } : column,
    );
    await render(<FleetTable tableId="devices" columns={withDefaults} request={request} rowKey="id" />);
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(headers()).toEqual(['MAC', 'Name']);
    await openColumnChooser();
    await click(chooserBox('Model'));
    expect(headers()).toEqual(['MAC', 'Name', 'Model']);
    expect(localStorage.getItem('pf.columns.7.devices')).toBe('[]');
    const reset = [...document.querySelectorAll('[data-testid=column-chooser] button')].find(
      (button) => button.textContent === 'Reset',
    );
    await click(reset);
    expect(headers()).toEqual(['MAC', 'Name']);
    expect(localStorage.getItem('pf.columns.7.devices')).toBeNull();
  });

  it('cuts content longer than a column’s maxWidth, keeping the whole text as its title', async () => {
    const request = async () => ({ rows: devices(2), total: 2 });
    const clipped = columns.map((column) => (column.key === 'mac' ? { ...column, maxWidth: 90 } : column));
    await render(<FleetTable tableId="devices" columns={clipped} request={request} rowKey="id" />);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    const cut = bodyRows()[0]?.querySelector<HTMLElement>('td span[title]');
    expect(cut?.getAttribute('title')).toBe('00:15:65:00:00:00');
    expect(cut?.style.maxWidth).toBe('90px');
    expect(cut?.style.textOverflow).toBe('ellipsis');
  });

  it('sorts on the server: the default sort first, then a clicked column, back to page 1', async () => {
    const request = vi.fn(async (query: FleetTableQuery) => ({
      rows: devices(10, (query.currentPage - 1) * 10),
      total: 30,
    }));
    const sortable: FleetColumn<Device>[] = columns.map((column) =>
      column.key === 'model' ? column : { ...column, sorter: true },
    );
    await render(
      <FleetTable
        tableId="devices"
        columns={sortable}
        request={request}
        rowKey="id"
        defaultSort={{ field: 'mac', order: 'asc' }}
      />,
    );
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    expect(request).toHaveBeenLastCalledWith({
      currentPage: 1,
      pageSize: 10,
      sortField: 'mac',
      sortOrder: 'asc',
    });
    await click(container.querySelector('.ant-pagination-item-2'));
    await waitFor(() =>
      expect(request).toHaveBeenLastCalledWith(expect.objectContaining({ currentPage: 2 })),
    );
    const nameHeader = [...container.querySelectorAll('thead th')].find((th) => th.textContent === 'Name');
    await click(nameHeader);
    await waitFor(() =>
      expect(request).toHaveBeenLastCalledWith({
        currentPage: 1,
        pageSize: 10,
        sortField: 'name',
        sortOrder: 'asc',
      }),
    );
    expect(nextSort({ columnKey: 'name', order: 'descend' }, { field: 'mac', order: 'asc' })).toEqual({
      field: 'name',
      order: 'desc',
    });
    expect(nextSort({ columnKey: 'name', order: null }, { field: 'mac', order: 'asc' })).toEqual({
      field: 'mac',
      order: 'asc',
    });
  });
});
