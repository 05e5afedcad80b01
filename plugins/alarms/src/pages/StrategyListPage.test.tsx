// @vitest-environment happy-dom
import { rememberCreated } from '@phonefleet/sdk/ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ALL_BUTTONS,
  buttonNamed,
  byTestId,
  cleanup,
  click,
  confirmButton,
  page,
  renderInConsole,
  strategyRecord,
  strategyRow,
  stubApi,
  waitFor,
} from '../testing/helpers.js';
import { StrategyListPage } from './StrategyListPage.js';

const SEARCH = '/alarm-strategy/search';
const list = () => byTestId('strategy-list');
const tableRows = () => [...(list()?.querySelectorAll('.ant-table-row') ?? [])];

afterEach(async () => {
  await cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the alarm strategy list', () => {
  it('shows each strategy as spec §3 names it and switches it off with `edit`', async () => {
    const { bodies } = stubApi({
      [SEARCH]: () =>
        page([
          strategyRow(),
          strategyRow({
            id: 6,
            name: 'Weekly digest',
            status: 0,
            frequency: 3,
            mode: 1,
            deviceScope: 'all',
            deviceCount: 40,
          }),
        ]),
      '/alarm-strategy/status': () => [],
    });
    await renderInConsole(<StrategyListPage />, { buttons: ALL_BUTTONS, path: '/alarmStrategy' });
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    expect(bodies(SEARCH)).toEqual([{ currentPage: 1, pageSize: 10 }]);
    const [night, weekly] = tableRows();
    for (const shown of [
      'Night shift',
      'Sites (12)',
      'Offline, Registration failed',
      'Ana, Bo',
      'Real-time',
      'Email and in-station message',
    ])
      expect(night?.textContent).toContain(shown);
    for (const shown of ['All devices (40)', 'Weekly', 'Email']) expect(weekly?.textContent).toContain(shown);

    const onOff = byTestId('strategy-status-5');
    expect(onOff?.getAttribute('aria-checked')).toBe('true');
    expect(byTestId('strategy-status-6')?.getAttribute('aria-checked')).toBe('false');
    await click(onOff);
    await waitFor(() => expect(bodies('/alarm-strategy/status')).toEqual([{ id: 5, status: 0 }]));
    await waitFor(() => expect(byTestId('strategy-status-5')?.getAttribute('aria-checked')).toBe('false'));
    await waitFor(() => expect(document.body.textContent).toContain('The strategy is off'));
  });

  it('deletes a strategy only once confirmed', async () => {
    const { bodies } = stubApi({ [SEARCH]: () => page([strategyRow()]), '/alarm-strategy/remove': () => [] });
    await renderInConsole(<StrategyListPage />, { buttons: ALL_BUTTONS, path: '/alarmStrategy' });
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    await click(
      [...(tableRows()[0]?.querySelectorAll('button') ?? [])].find(
        (button) => button.textContent?.replace(/\s/g, '') === 'Delete',
      ),
    );
    await waitFor(() =>
      expect(document.querySelector('.ant-modal-confirm')?.textContent).toContain(
        'Delete the 1 selected strategy(ies)? Their receivers get no more alarms from them.',
      ),
    );
    expect(bodies('/alarm-strategy/remove')).toEqual([]);
    await click(confirmButton('Delete'));
    await waitFor(() => expect(bodies('/alarm-strategy/remove')).toEqual([{ ids: [5] }]));
  });

  it('shows no Add, Edit, Delete nor a working switch to a role holding no button', async () => {
    const { bodies } = stubApi({ [SEARCH]: () => page([strategyRow()]) });
    await renderInConsole(<StrategyListPage />, { buttons: { alarmStrategy: [] }, path: '/alarmStrategy' });
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    expect(byTestId('strategy-add')).toBeNull();
    expect(buttonNamed('Edit')).toBeUndefined();
    expect(buttonNamed('Delete')).toBeUndefined();
    expect(list()?.querySelectorAll('input[type=checkbox]').length).toBe(0);
    const onOff = byTestId('strategy-status-5') as HTMLButtonElement | null;
    expect(onOff?.disabled).toBe(true);
    await click(onOff);
    expect(bodies('/alarm-strategy/status')).toEqual([]);
  });

  it('shows the wizard’s finish step for the strategy it just added', async () => {
    rememberCreated('alarmStrategy', { id: 5, name: 'Night shift' });
    stubApi({
      [SEARCH]: () => page([strategyRow()]),
      '/alarm-strategy/query': () => [strategyRecord()],
    });
    await renderInConsole(<StrategyListPage />, { buttons: ALL_BUTTONS, path: '/alarmStrategy' });
    await waitFor(() =>
      expect(byTestId('wizard-finished')?.textContent).toContain('Strategy “Night shift” has been added'),
    );
    const steps = [...(byTestId('wizard-finished')?.querySelectorAll('.ant-steps-item-title') ?? [])];
    expect(steps.map((step) => step.textContent)).toEqual([
      'Basic information',
      'Alarm receiver',
      'Alarm content',
      'Devices',
      'Finish',
    ]);
    await waitFor(() => expect(byTestId('created-name')?.textContent).toBe('Night shift'));
  });
});
