import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  DiagnosticOutput,
  DiagnosticProgress,
  DiagnosticsClientEvents,
  DiagnosticsServerEvents,
  DiagnosticWatchAnswer,
} from '@phonefleet/sdk';
import { DIAGNOSTICS_NAMESPACE, LIVE_PATH } from '@phonefleet/sdk';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionRow } from '../testing/helpers.js';
import { DiagnosticStreams, openDiagnosticSocket } from './diagnostic-socket.js';

// The page's socket (socket.io-client) against a real socket.io server speaking the namespace's
// protocol, as the platform's does: watch and its answer, output, progress, reconnection, unwatch.
const http = createServer();
const io = new Server<DiagnosticsClientEvents, DiagnosticsServerEvents>(http, { path: LIVE_PATH });
const heard: string[] = [];
let origin = '';

beforeAll(async () => {
  io.of(DIAGNOSTICS_NAMESPACE).on('connection', (socket) => {
    heard.push('connection');
    socket.on('watch', (sessionId, answer) => {
      heard.push(`watch ${sessionId}`);
      answer({ ok: true, session: sessionRow({ id: sessionId }), backlog: 'hello\n', backlogEnd: 6 });
      socket.emit('output', { sessionId, offset: 6, text: 'world\n' });
      socket.emit('progress', { sessionId, state: 'running', bytes: 12, message: '', result: null });
    });
    socket.on('unwatch', (sessionId) => void heard.push(`unwatch ${sessionId}`));
    socket.on('disconnect', () => void heard.push('disconnect'));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await io.close();
});

async function until(check: () => boolean, timeoutMs = 8000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out; heard: ${heard.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the diagnostics socket', () => {
  it('watches a session once connected, hears it, watches again after a reconnection and lets go', async () => {
    const streams = new DiagnosticStreams((handlers) => openDiagnosticSocket(handlers, origin));
    const answers: DiagnosticWatchAnswer[] = [];
    const outputs: DiagnosticOutput[] = [];
    const progress: DiagnosticProgress[] = [];
    const stop = streams.watch(42, {
      watching: () => undefined,
      answer: (reply) => void answers.push(reply),
      output: (output) => void outputs.push(output),
      progress: (each) => void progress.push(each),
    });
    await until(() => answers.length === 1 && outputs.length === 1 && progress.length === 1);
    expect(answers[0]).toMatchObject({ ok: true, backlog: 'hello\n', backlogEnd: 6 });
    expect(outputs[0]).toEqual({ sessionId: 42, offset: 6, text: 'world\n' });
    expect(progress[0]).toMatchObject({ sessionId: 42, state: 'running', bytes: 12 });

    // The connection breaks (not a server's disconnect): socket.io reconnects and the watch is sent again.
    for (const socket of io.of(DIAGNOSTICS_NAMESPACE).sockets.values()) socket.conn.close();
    await until(() => answers.length === 2);
    expect(heard.filter((what) => what === 'watch 42')).toHaveLength(2);

    stop();
    await until(() => heard.includes('unwatch 42'));
    streams.close();
    await until(() => heard.filter((what) => what === 'disconnect').length === 2);
  });
});
