import type { DiagnosticOutput, DiagnosticSessionRow } from '@phonefleet/sdk';
import { diagnosticMessage, formatBytes, useLanguage, useTexts } from '@phonefleet/sdk/ui';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { OutputBuffer, utf8Length } from '../output/output-buffer.js';
import { laterOf } from '../session-state.js';
import { diagnosticText } from '../texts.js';
import { DiagnosticStreams, type OpenDiagnosticSocket } from './diagnostic-socket.js';

const StreamsContext = createContext<DiagnosticStreams | null>(null);

/** The page's one diagnostics socket, opened by the first session watched and closed with the page. */
export function DiagnosticStreamProvider({
  open,
  children,
}: {
  /** How the socket is opened (socket.io by default; a fake in component tests). */
  open?: OpenDiagnosticSocket | undefined;
  children?: ReactNode;
}) {
  const [streams] = useState(() => new DiagnosticStreams(open));
  useEffect(() => () => streams.close(), [streams]);
  return <StreamsContext.Provider value={streams}>{children}</StreamsContext.Provider>;
}

export interface DiagnosticStream {
  /** The session as last heard of: the row given, then the watch answer and each progress. */
  session: DiagnosticSessionRow | undefined;
  /** The text output received so far (mutable: `revision` says when it changed). */
  output: OutputBuffer;
  revision: number;
  /** Why the session cannot be watched (the server's words). */
  error: string | undefined;
}

/** What was heard of one session: changes to its row (answer, progress) or why it cannot be watched. */
interface Heard {
  sessionId: number;
  changes: Partial<DiagnosticSessionRow>;
  error: string | undefined;
}

const nextFrame = (run: () => void): (() => void) => {
  if (typeof requestAnimationFrame === 'function') {
    const frame = requestAnimationFrame(run);
    return () => cancelAnimationFrame(frame);
  }
  const timer = setTimeout(run, 16);
  return () => clearTimeout(timer);
};

/**
 * Watches a session on the page's socket while mounted: its state and bytes as they change, and
 * its text output, taken into the buffer once per animation frame however fast it arrives. The
 * output sent before a watch is answered waits for the answer's backlog, which comes first.
 */
export function useDiagnosticStream(given: DiagnosticSessionRow | undefined): DiagnosticStream {
  const streams = useContext(StreamsContext);
  const t = useTexts(diagnosticText);
  const language = useLanguage();
  // The note of skipped output in the language of the moment.
  const text = useRef(t);
  text.current = t;
  const sessionId = given?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one buffer per session.
  const output = useMemo(
    () => new OutputBuffer((bytes) => text.current('skipped', { size: formatBytes(bytes) })),
    [sessionId],
  );
  const [revision, setRevision] = useState(0);
  const [heard, setHeard] = useState<Heard | undefined>();

  useEffect(() => {
    if (sessionId === undefined || !streams) return;
    let answered = false;
    let early: DiagnosticOutput[] = [];
    let pending: DiagnosticOutput[] = [];
    let cancelFrame: (() => void) | undefined;
    const flush = () => {
      cancelFrame = undefined;
      for (const chunk of pending) output.append(chunk.offset, chunk.text);
      pending = [];
      setRevision((value) => value + 1);
    };
    const take = (chunks: DiagnosticOutput[]) => {
      pending.push(...chunks);
      cancelFrame ??= nextFrame(flush);
    };
    const hear = (update: (mine: Heard) => Partial<Heard>) =>
      setHeard((current) => {
        const mine =
          current?.sessionId === sessionId ? current : { sessionId, changes: {}, error: undefined };
        return { ...mine, ...update(mine) };
      });

    const stop = streams.watch(sessionId, {
      watching: () => {
        answered = false;
      },
      answer: (reply) => {
        answered = true;
        if (!reply.ok) {
          hear(() => ({ error: reply.message }));
          return;
        }
        hear(({ changes }) => ({ changes: laterOf(changes, reply.session), error: undefined }));
        const start = Math.max(0, reply.backlogEnd - utf8Length(reply.backlog));
        take([{ sessionId, offset: start, text: reply.backlog }, ...early]);
        early = [];
      },
      output: (chunk) => {
        if (answered) take([chunk]);
        else early.push(chunk);
      },
      // A progress carries its message as stored (`key:detail`); rows from the API come translated.
      progress: ({ state, bytes, message, result }) =>
        hear(({ changes }) => ({
          changes: laterOf(changes, {
            state,
            bytes,
            message: diagnosticMessage(message, language),
            ...(result ? { result } : {}),
          }),
        })),
    });
    return () => {
      stop();
      cancelFrame?.();
    };
  }, [sessionId, streams, output, language]);

  const mine = heard?.sessionId === sessionId ? heard : undefined;
  return {
    session: given && laterOf(given, mine?.changes ?? {}),
    output,
    revision,
    error: mine?.error,
  };
}
