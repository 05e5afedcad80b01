// @vitest-environment happy-dom
import { SessionProvider, translate } from '@phonefleet/sdk/ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BUTTONS,
  buttonIn,
  byTestId,
  choiceOf,
  choose,
  cleanup,
  click,
  deviceSettings,
  errorOf,
  fakeDiagnosticServer,
  loginWith,
  outputRows,
  page,
  renderInConsole,
  sessionRow,
  stubApi,
  type,
  waitFor,
} from '../testing/helpers.js';
import { DiagnosisInterfacePage } from './DiagnosisInterfacePage.js';

const DEVICE = '/diagnostics/device';
const START = '/diagnostics/start';
const STOP = '/diagnostics/stop';
const SESSION = '/diagnostics/session';
const SESSIONS = '/diagnostics/sessions';
const ACTIONS = ['log', 'trace', 'screenshot', 'ping', 'traceroute', 'systemLog', 'config'];
const START_LABELS: Record<string, string> = {
  log: 'Start',
  trace: 'Start',
  screenshot: 'Screen capture',
  ping: 'Ping',
  traceroute: 'Traceroute',
  systemLog: 'Export system log',
  config: 'Config export',
};

async function openScreen(server: ReturnType<typeof fakeDiagnosticServer>, query = 'deviceId=21') {
  await renderInConsole(<DiagnosisInterfacePage openSocket={server.open} />, {
    buttons: BUTTONS,
    path: `/diagnostics/diagnosisInterface?${query}`,
  });
  await waitFor(() => expect(byTestId('diagnosis')).not.toBeNull());
}

const textOf = (testId: string) => byTestId(testId)?.textContent ?? '';

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the diagnosis screen', () => {
  it('refuses an empty or malformed host before sending anything, in the sdk’s words', async () => {
    const ping = sessionRow({ id: 501, action: 'ping', detail: 'Host: pbx.example.com, 4 times' });
    const { bodies } = stubApi({
      [DEVICE]: () => [deviceSettings()],
      [START]: () => [ping],
      [SESSIONS]: () => page([]),
    });
    const server = fakeDiagnosticServer();
    server.knows(ping);
    await openScreen(server);
    expect(textOf('diagnosis')).toContain('Front desk');

    await click(buttonIn('ping', 'Ping'));
    await waitFor(() => expect(errorOf('ping_host')).toBe('Diagnostics: host required'));
    await click(buttonIn('traceroute', 'Traceroute'));
    await waitFor(() => expect(errorOf('traceroute_host')).toBe('Diagnostics: host required'));
    await type('ping_host', 'pbx; reboot');
    await click(buttonIn('ping', 'Ping'));
    await waitFor(() => expect(errorOf('ping_host')).toBe(translate('diagnosticsHostInvalid', 'en-US')));
    expect(bodies(START)).toEqual([]);
    expect(server.opened()).toBe(0);

    await type('ping_host', ' pbx.example.com ');
    await click(buttonIn('ping', 'Ping'));
    await waitFor(() =>
      expect(bodies(START)).toEqual([{ deviceId: 21, action: 'ping', host: 'pbx.example.com', count: 4 }]),
    );
    // The session is watched on the page's socket; its lines and then its result show as they come.
    await waitFor(() => expect(server.watched).toEqual([501]));
    expect(buttonIn('ping', 'Ping')?.disabled).toBe(true);
    await server.output(501, 0, 'PING pbx.example.com (10.0.0.1): 56 data bytes\n64 bytes from 10.0.0.1: ');
    await server.output(501, 71, 'seq=1 time=1.5 ms\n');
    await waitFor(() =>
      expect(outputRows('output-ping')).toEqual([
        'PING pbx.example.com (10.0.0.1): 56 data bytes',
        '64 bytes from 10.0.0.1: seq=1 time=1.5 ms',
      ]),
    );
    await server.progress({
      sessionId: 501,
      state: 'done',
      bytes: 400,
      result: { transmitted: 4, received: 3, lossPercent: 25, minMs: 1.1, avgMs: 1.5, maxMs: 2 },
    });
    await waitFor(() => expect(textOf('ping-summary')).toContain('Sent 4, received 3, 25% loss'));
    expect(textOf('ping-summary')).toContain('min / avg / max 1.1 / 1.5 / 2 ms');
    expect(textOf('action-ping')).toContain('Done');
    expect(buttonIn('ping', 'Stop')).toBeUndefined();
    expect(buttonIn('ping', 'Download')).toBeDefined();
    expect(buttonIn('ping', 'Ping')?.disabled).toBe(false);
  });

  it('disables every action of a device whose model declares no diagnostics, saying why', async () => {
    const { bodies } = stubApi({
      [DEVICE]: () => [deviceSettings({ supported: false, reason: 'This model has no SSH access' })],
      [SESSIONS]: () => page([]),
    });
    await openScreen(fakeDiagnosticServer());
    expect(textOf('diagnosis-unsupported')).toContain('Diagnostics are not available for this device');
    expect(textOf('diagnosis-unsupported')).toContain('This model has no SSH access');
    for (const action of ACTIONS) {
      const start = buttonIn(action, START_LABELS[action] ?? '');
      expect(start, action).toBeDefined();
      expect(start?.disabled, action).toBe(true);
    }
    await click(buttonIn('config', 'Config export'));
    expect(bodies(START)).toEqual([]);
  });

  it('captures the log at the chosen level, stops it, and offers what it kept', async () => {
    const { bodies } = stubApi({
      [DEVICE]: () => [deviceSettings()],
      [START]: () => [sessionRow({ id: 502 })],
      [SESSIONS]: () => page([]),
    });
    const server = fakeDiagnosticServer();
    await openScreen(server);
    expect(textOf('action-log')).toContain('stops by itself at 100 MB');
    expect(choiceOf('log_level')).toBe('info');
    await choose('log_level', 'debug');
    await waitFor(() => expect(bodies(SESSIONS)).toHaveLength(1));
    await click(buttonIn('log', 'Start'));
    await waitFor(() => expect(bodies(START)).toEqual([{ deviceId: 21, action: 'log', level: 'debug' }]));
    // The device's history below shows the new session.
    await waitFor(() => expect(bodies(SESSIONS)).toHaveLength(2));
    expect(bodies(SESSIONS)[1]).toEqual({ currentPage: 1, pageSize: 10, deviceId: 21 });
    await waitFor(() => expect(textOf('action-log')).toContain('Connecting'));
    expect(buttonIn('log', 'Start')?.disabled).toBe(true);
    await server.progress({ sessionId: 502, state: 'running', bytes: 2048 });
    await waitFor(() => expect(textOf('action-log')).toContain('Running'));
    expect(textOf('action-log')).toContain('2 KB captured');
    await click(buttonIn('log', 'Stop'));
    await waitFor(() => expect(bodies(STOP)).toEqual([{ sessionId: 502 }]));
    await server.progress({ sessionId: 502, state: 'stopped', bytes: 4096 });
    await waitFor(() => expect(buttonIn('log', 'Stop')).toBeUndefined());
    expect(textOf('action-log')).toContain('Stopped');
    expect(buttonIn('log', 'Download')).toBeDefined();
  });

  it('shows the screen once captured', async () => {
    const screenshot = sessionRow({ id: 504, action: 'screenshot', detail: '' });
    stubApi({
      [DEVICE]: () => [deviceSettings()],
      [START]: () => [screenshot],
      [SESSIONS]: () => page([]),
    });
    const server = fakeDiagnosticServer();
    server.knows(screenshot);
    await openScreen(server);
    await click(buttonIn('screenshot', 'Screen capture'));
    await server.progress({ sessionId: 504, state: 'done', bytes: 52_000 });
    await waitFor(() =>
      expect(document.querySelector('[data-testid="action-screenshot"] img')).not.toBeNull(),
    );
    const image = document.querySelector<HTMLImageElement>('[data-testid="action-screenshot"] img');
    expect(image?.getAttribute('src')).toBe('/api/diagnostics/download?sessionId=504&inline=1');
    expect(image?.getAttribute('alt')).toBe('Screen of Front desk');
    expect(buttonIn('screenshot', 'Download')).toBeDefined();
  });

  it('exports the system log of a range, a custom one only with its start before its end', async () => {
    const { bodies } = stubApi({
      [DEVICE]: () => [deviceSettings()],
      [START]: () => [sessionRow({ id: 505, action: 'systemLog' })],
      [SESSIONS]: () => page([]),
    });
    await openScreen(fakeDiagnosticServer());
    const range = (label: string) =>
      [...document.querySelectorAll('[data-testid="action-systemLog"] label')].find(
        (option) => option.textContent === label,
      );
    await click(range('Custom'));
    await click(buttonIn('systemLog', 'Export system log'));
    await waitFor(() =>
      expect(errorOf('systemLog_between')).toBe(translate('diagnosticsRangeRequired', 'en-US')),
    );
    expect(bodies(START)).toEqual([]);
    await click(range('7 days'));
    await click(buttonIn('systemLog', 'Export system log'));
    await waitFor(() => expect(bodies(START)).toEqual([{ deviceId: 21, action: 'systemLog', range: '7d' }]));
  });

  it('shows why a session failed', async () => {
    const screenshot = sessionRow({ id: 503, action: 'screenshot', detail: '' });
    stubApi({ [DEVICE]: () => [deviceSettings()], [START]: () => [screenshot], [SESSIONS]: () => page([]) });
    const server = fakeDiagnosticServer();
    server.knows(screenshot);
    await openScreen(server);
    await click(buttonIn('screenshot', 'Screen capture'));
    await server.progress({
      sessionId: 503,
      state: 'failed',
      message: 'Diagnostics: the phone refused the SSH user name or password',
    });
    await waitFor(() => expect(textOf('action-screenshot')).toContain('Failed'));
    expect(textOf('action-screenshot')).toContain('the phone refused the SSH user name or password');
    expect(buttonIn('screenshot', 'Download')).toBeUndefined();
    expect(document.querySelector('[data-testid="action-screenshot"] img')).toBeNull();
  });

  it('opens a session started by someone else in its action', async () => {
    const { bodies } = stubApi({
      [DEVICE]: () => [deviceSettings()],
      [SESSION]: () => [
        sessionRow({ id: 77, action: 'trace', state: 'running', bytes: 3_145_728, userName: 'ana' }),
      ],
      [SESSIONS]: () => page([]),
    });
    const server = fakeDiagnosticServer();
    server.knows(sessionRow({ id: 77, action: 'trace', state: 'running', bytes: 3_145_728 }));
    await openScreen(server, 'deviceId=21&sessionId=77');
    await waitFor(() => expect(textOf('action-trace')).toContain('3 MB captured'));
    expect(server.watched).toEqual([77]);
    expect(bodies(START)).toEqual([]);
    // A running trace is not whole yet: Stop, no Download.
    expect(buttonIn('trace', 'Stop')).toBeDefined();
    expect(buttonIn('trace', 'Download')).toBeUndefined();
    await server.progress({
      sessionId: 77,
      state: 'limit',
      bytes: 104_857_600,
      message: 'The capture reached 100 MB',
    });
    await waitFor(() => expect(buttonIn('trace', 'Download')).toBeDefined());
    expect(textOf('action-trace')).toContain('Limit reached');
  });

  it('speaks Chinese in zh-CN, the sdk’s refusal too', async () => {
    const { bodies } = stubApi({ [DEVICE]: () => [deviceSettings()], [SESSIONS]: () => page([]) });
    await renderInConsole(
      <SessionProvider login={loginWith(BUTTONS)} language="zh-CN" zoneOffset="+08:00">
        <DiagnosisInterfacePage openSocket={fakeDiagnosticServer().open} />
      </SessionProvider>,
      { buttons: BUTTONS, path: '/diagnostics/diagnosisInterface?deviceId=21' },
    );
    await waitFor(() => expect(byTestId('diagnosis')).not.toBeNull());
    for (const heading of ['抓取日志', '抓包', '截屏', '导出系统日志', '导出配置', '诊断记录'])
      expect(textOf('diagnosis')).toContain(heading);
    expect(buttonIn('log', '开始')).toBeDefined();
    await click(buttonIn('traceroute', 'Traceroute'));
    await waitFor(() => expect(errorOf('traceroute_host')).toBe('诊断：主机不能为空'));
    expect(bodies(START)).toEqual([]);
  });

  it('says when the device does not exist', async () => {
    stubApi({ [DEVICE]: () => ({ code: 40400, message: 'The device does not exist' }) });
    await renderInConsole(<DiagnosisInterfacePage openSocket={fakeDiagnosticServer().open} />, {
      buttons: BUTTONS,
      path: '/diagnostics/diagnosisInterface?deviceId=999',
    });
    await waitFor(() => expect(document.body.textContent).toContain('The device was not found'));
  });
});
