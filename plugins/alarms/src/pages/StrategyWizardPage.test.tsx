// @vitest-environment happy-dom
import { SessionProvider } from '@phonefleet/sdk/ui';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ALL_BUTTONS,
  byTestId,
  choose,
  cleanup,
  click,
  errorOf,
  loginWith,
  page,
  RECEIVERS,
  renderInConsole,
  type StubReply,
  shownValue,
  strategyRecord,
  stubApi,
  type,
  waitFor,
} from '../testing/helpers.js';
import { StrategyWizardPage } from './StrategyWizardPage.js';

const SAVE = '/alarm-strategy/addOrEdit';

function Where() {
  return <span data-testid="at">{useLocation().pathname}</span>;
}

const at = () => byTestId('at')?.textContent;
const shownStep = () => document.querySelector('[data-step]:not([style*="none"])')?.getAttribute('data-step');
const activeStepTitle = () =>
  document.querySelector('.ant-steps-item-process .ant-steps-item-title')?.textContent ?? '';
const stepTitles = () =>
  [...document.querySelectorAll('.ant-steps-item-title')].map((title) => title.textContent);

/** The radio (or checkbox) whose label reads `text`, inside the element with this test id. */
async function pick(testId: string, text: string) {
  const label = [...(byTestId(testId)?.querySelectorAll('label') ?? [])].find(
    (candidate) => candidate.textContent?.trim() === text,
  );
  await click(label?.querySelector('input'));
}

/** Moves the users with these names to the receivers' side of the transfer. */
async function chooseReceivers(...names: string[]) {
  const root = byTestId('strategy-receivers');
  for (const name of names) {
    const item = [...(root?.querySelectorAll('.ant-transfer-list-content-item') ?? [])].find((candidate) =>
      candidate.textContent?.startsWith(name),
    );
    await click(item);
  }
  await click(root?.querySelector('.ant-transfer-operation button'));
}

async function checkType(type: number) {
  const box = byTestId('strategy-alarm-types')?.querySelector(`[data-type="${type}"]`);
  await click(box?.matches('input') ? box : box?.querySelector('input'));
}

function renderWizard(
  mode: 'add' | 'edit',
  replies: Record<string, (body: unknown) => StubReply>,
  language = 'en-US',
) {
  const api = stubApi({
    '/alarm-strategy/receivers': () => RECEIVERS,
    '/common/model': () => [{ model: 'H2' }, { model: 'V400' }],
    '/device/search': () => page([]),
    ...replies,
  });
  const path = mode === 'add' ? '/alarmStrategy/addStrategy' : '/alarmStrategy/editStrategy?id=5';
  return {
    ...api,
    shown: renderInConsole(
      <SessionProvider
        login={loginWith(ALL_BUTTONS)}
        language={language === 'zh-CN' ? 'zh-CN' : 'en-US'}
        zoneOffset="+00:00"
      >
        <Where />
        <StrategyWizardPage mode={mode} />
      </SessionProvider>,
      { buttons: ALL_BUTTONS, path },
    ),
  };
}

const next = () => click(byTestId('strategy-next'));

afterEach(async () => {
  await cleanup();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the alarm strategy wizard', () => {
  it('refuses each Next in the words of spec §5 until its step is complete, then posts the exact strategy', async () => {
    const { bodies, shown } = renderWizard('add', { [SAVE]: () => [{ id: 9 }] });
    await shown;
    expect(stepTitles()).toEqual([
      'Basic information',
      'Alarm receiver',
      'Alarm content',
      'Devices',
      'Finish',
    ]);
    expect(activeStepTitle()).toBe('Basic information');

    await next();
    await waitFor(() => expect(errorOf('name')).toBe('Please enter the strategy name'));
    expect(errorOf('mode')).toBe('Please select the alarm mode');
    expect(shownStep()).toBe('0');
    await type('name', '  Night shift ');
    await type('description', 'Front desk phones');
    await pick('strategy-frequency', 'Daily');
    await pick('strategy-mode', 'Email and in-station message');
    await next();
    await waitFor(() => expect(activeStepTitle()).toBe('Alarm receiver'));

    await next();
    await waitFor(() => expect(errorOf('receiverIds')).toBe('Please select at least one user'));
    expect(shownStep()).toBe('1');
    await waitFor(() => expect(byTestId('strategy-receivers')?.textContent).toContain('Bo (bo@example.com)'));
    await chooseReceivers('Bo', 'Ana');
    await next();
    await waitFor(() => expect(activeStepTitle()).toBe('Alarm content'));

    // Each type shows the level it is raised at.
    const offline = byTestId('strategy-alarm-types')?.querySelector('[data-type="4"]')?.closest('label');
    expect(offline?.textContent).toBe('OfflineCritical');
    await next();
    await waitFor(() => expect(errorOf('alarmTypes')).toBe('Please select the alarm content'));
    await checkType(3);
    await checkType(4);
    await pick('strategy-levels', 'Major');
    await next();
    await waitFor(() => expect(activeStepTitle()).toBe('Devices'));

    await pick('strategy-scope', 'Devices');
    await waitFor(() => expect(byTestId('strategy-device-picker')).not.toBeNull());
    await click(byTestId('strategy-finish'));
    await waitFor(() => expect(errorOf('deviceIds')).toBe('Please select the device range'));
    expect(bodies(SAVE)).toEqual([]);

    await pick('strategy-scope', 'Models');
    await choose('models', 'V400');
    await click(byTestId('strategy-finish'));
    await waitFor(() =>
      expect(bodies(SAVE)).toEqual([
        {
          name: 'Night shift',
          description: 'Front desk phones',
          receiverIds: [2, 3],
          alarmTypes: [3, 4],
          levels: [1, 3],
          mode: 3,
          frequency: 2,
          status: 1,
          deviceScope: 'model',
          siteIds: [],
          groupIds: [],
          models: ['V400'],
          deviceIds: [],
        },
      ]),
    );
    await waitFor(() => expect(at()).toBe('/alarmStrategy'));
    // The list shows the finish step for it.
    expect(JSON.parse(sessionStorage.getItem('pf.wizard.alarmStrategy') ?? 'null')).toEqual({
      id: 9,
      name: 'Night shift',
    });
  });

  it('edits a stored strategy: Save on its first step sends it whole with its id', async () => {
    const { bodies, shown } = renderWizard('edit', {
      '/alarm-strategy/query': () => [strategyRecord()],
      [SAVE]: () => [{ id: 5 }],
    });
    await shown;
    await waitFor(() => expect(shownValue('name')).toBe('Night shift'));
    expect(document.querySelector('.ant-typography')?.textContent).toBe('Edit strategy');
    await type('name', 'Day shift');
    await click([...document.querySelectorAll('button')].find((button) => button.textContent === 'Save'));
    await waitFor(() => expect(bodies(SAVE)).toEqual([strategyRecord({ id: 5, name: 'Day shift' })]));
    await waitFor(() => expect(at()).toBe('/alarmStrategy'));
    await waitFor(() => expect(document.body.textContent).toContain('Saved successfully'));
  });

  it('puts a refusal on its field and opens that field’s step', async () => {
    const { bodies, shown } = renderWizard('edit', {
      '/alarm-strategy/query': () => [strategyRecord()],
      [SAVE]: () => ({ code: 40000, message: 'The strategy name already exists' }),
    });
    await shown;
    await waitFor(() => expect(shownValue('name')).toBe('Night shift'));
    for (let step = 0; step < 3; step++) await next();
    await waitFor(() => expect(activeStepTitle()).toBe('Devices'));
    await click(byTestId('strategy-finish'));
    await waitFor(() => expect(bodies(SAVE)).toHaveLength(1));
    await waitFor(() => expect(shownStep()).toBe('0'));
    expect(errorOf('name')).toBe('The strategy name already exists');
    expect(at()).toBe('/alarmStrategy/editStrategy');
  });

  it('puts a schema refusal on the field its messageExt names, on the devices step', async () => {
    const { shown } = renderWizard('edit', {
      '/alarm-strategy/query': () => [strategyRecord()],
      [SAVE]: () => ({
        code: 40000,
        message: 'Please select the device range',
        messageExt: 'models: strategyDevicesRequired',
      }),
    });
    await shown;
    await waitFor(() => expect(shownValue('name')).toBe('Night shift'));
    await click([...document.querySelectorAll('button')].find((button) => button.textContent === 'Save'));
    await waitFor(() => expect(shownStep()).toBe('3'));
    expect(errorOf('models')).toBe('Please select the device range');
    expect(byTestId('strategy-form-error')).toBeNull();
  });

  it('says the same rules in Chinese', async () => {
    const { shown } = renderWizard('add', {}, 'zh-CN');
    await shown;
    await type('name', '夜班');
    await pick('strategy-mode', '邮件');
    await click(byTestId('strategy-next'));
    await waitFor(() => expect(activeStepTitle()).toBe('告警接收人'));
    await click(byTestId('strategy-next'));
    await waitFor(() => expect(errorOf('receiverIds')).toBe('请至少选择一个用户'));
  });
});
