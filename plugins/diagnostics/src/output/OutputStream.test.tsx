// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DiagnosisInterfacePage } from '../pages/DiagnosisInterfacePage.js';
import {
  BUTTONS,
  buttonIn,
  byTestId,
  cleanup,
  click,
  deviceSettings,
  fakeDiagnosticServer,
  outputRows,
  page,
  renderInConsole,
  sessionRow,
  stubApi,
  waitFor,
} from '../testing/helpers.js';
import { MAX_OUTPUT_LINES } from './output-buffer.js';

const LOG = sessionRow({ id: 600, action: 'log', state: 'running' });

/** The diagnosis screen with a log capture started and watched on a fake socket (601 the next one). */
async function captureLog() {
  let started = 0;
  stubApi({
    '/diagnostics/device': () => [deviceSettings()],
    '/diagnostics/start': () => [{ ...LOG, id: 600 + started++ }],
    '/diagnostics/sessions': () => page([]),
  });
  const server = fakeDiagnosticServer();
  server.knows(LOG);
  server.knows({ ...LOG, id: 601 });
  await renderInConsole(<DiagnosisInterfacePage openSocket={server.open} />, {
    buttons: BUTTONS,
    path: '/diagnostics/diagnosisInterface?deviceId=21',
  });
  await waitFor(() => expect(buttonIn('log', 'Start')).toBeDefined());
  await click(buttonIn('log', 'Start'));
  await waitFor(() => expect(server.watched).toEqual([600]));
  await waitFor(() => expect(byTestId('output-log')).not.toBeNull());
  return server;
}

const terminal = () => byTestId('output-log')?.querySelector<HTMLElement>('[role="log"]');

afterEach(async () => {
  await cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the output of a session', () => {
  it('joins lines split across packets and marks where output was skipped for a slow browser', async () => {
    const server = await captureLog();
    await server.output(600, 0, 'Mar 10 09:00:01 sipd: regis');
    await server.output(600, 27, 'tered 2001\nMar 10 09:00:02 sipd: ok\n');
    // 3 KB later than what was shown: the server skipped them for this browser.
    await server.output(600, 63 + 3072, 'Mar 10 09:05:00 sipd: back\n');
    await waitFor(() =>
      expect(outputRows('output-log')).toEqual([
        'Mar 10 09:00:01 sipd: registered 2001',
        'Mar 10 09:00:02 sipd: ok',
        '… 3 KB skipped here (the download has everything)',
        'Mar 10 09:05:00 sipd: back',
      ]),
    );
    expect(byTestId('output-log')?.querySelectorAll('[data-note]')).toHaveLength(1);
  });

  it('keeps at most the line cap, renders only the rows in view and follows the tail', async () => {
    const server = await captureLog();
    const lines = 60_000;
    const text = Array.from({ length: lines }, (_, index) => `line ${index + 1}`).join('\n');
    await server.output(600, 0, `${text}\n`);
    await waitFor(() => expect(outputRows('output-log').at(-1)).toBe(`line ${lines}`));
    const rows = outputRows('output-log');
    // The tail is in view, and far fewer rows than lines are in the page.
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(100);
    expect(byTestId('output-log-dropped')?.textContent).toBe(
      `The ${(lines - MAX_OUTPUT_LINES).toLocaleString('en-US')} oldest lines are no longer shown: the download has everything`,
    );
    // The scrollable height is that of the lines kept, no more.
    const content = terminal()?.firstElementChild as HTMLElement;
    expect(content.style.height).toBe(`${MAX_OUTPUT_LINES * 18}px`);

    // Scrolled to the top, the view stays there while output arrives, until asked to follow again.
    const box = terminal();
    if (!box) throw new Error('no terminal');
    await act(async () => {
      box.scrollTop = 0;
      box.dispatchEvent(new Event('scroll'));
    });
    await waitFor(() => expect(outputRows('output-log')[0]).toBe(`line ${lines - MAX_OUTPUT_LINES + 1}`));
    await server.output(600, text.length + 1, 'line 60001\n');
    await waitFor(() => expect(byTestId('output-log-dropped')?.textContent).toContain('10,001'));
    expect(outputRows('output-log')).not.toContain('line 60001');
    await click(buttonIn('log', 'Follow output'));
    await waitFor(() => expect(outputRows('output-log').at(-1)).toBe('line 60001'));
  });

  it('watches again after a reconnection without showing any line twice, and lets go when closed', async () => {
    const server = await captureLog();
    await server.output(600, 0, 'one\ntwo\n');
    await waitFor(() => expect(outputRows('output-log')).toEqual(['one', 'two']));
    // Back after a break: the backlog overlaps what is shown and holds what was missed.
    server.knows(LOG, 'two\nthree\n', 14);
    await server.reconnect();
    await waitFor(() => expect(server.watched).toEqual([600, 600]));
    await waitFor(() => expect(outputRows('output-log')).toEqual(['one', 'two', 'three']));
    await server.output(600, 14, 'four\n');
    await waitFor(() => expect(outputRows('output-log')).toEqual(['one', 'two', 'three', 'four']));
    expect(server.opened()).toBe(1);
    await cleanup();
    expect(server.unwatched).toEqual([600]);
    expect(server.closed()).toBe(1);
  });

  it('lets go of the last session when the action starts another, whose output starts empty', async () => {
    const server = await captureLog();
    await server.output(600, 0, 'old line\n');
    await waitFor(() => expect(outputRows('output-log')).toEqual(['old line']));
    await server.progress({ sessionId: 600, state: 'stopped', bytes: 9 });
    await waitFor(() => expect(buttonIn('log', 'Start')?.disabled).toBe(false));
    await click(buttonIn('log', 'Start'));
    await waitFor(() => expect(server.watched).toEqual([600, 601]));
    expect(server.unwatched).toEqual([600]);
    expect(outputRows('output-log')).toEqual([]);
    expect(byTestId('output-log')?.textContent).toContain('Waiting for output…');
    // Output of the session let go of changes nothing any more.
    await server.output(600, 9, 'late line\n');
    await server.output(601, 0, 'new line\n');
    await waitFor(() => expect(outputRows('output-log')).toEqual(['new line']));
  });

  it('shows why the session cannot be watched', async () => {
    stubApi({
      '/diagnostics/device': () => [deviceSettings()],
      '/diagnostics/session': () => [sessionRow({ id: 9, state: 'running' })],
      '/diagnostics/sessions': () => page([]),
    });
    const server = fakeDiagnosticServer();
    server.answers.set(9, { ok: false, message: 'The session does not exist' });
    await renderInConsole(<DiagnosisInterfacePage openSocket={server.open} />, {
      buttons: BUTTONS,
      path: '/diagnostics/diagnosisInterface?deviceId=21&sessionId=9',
    });
    await waitFor(() => expect(byTestId('watch-error')?.textContent).toBe('The session does not exist'));
  });
});
