import type { DiagnosticAction, DiagnosticSessionRow, DiagnosticState } from '@phonefleet/sdk';
import { DIAGNOSTIC_END_STATES } from '@phonefleet/sdk/ui';

/** Actions whose output is text the page shows as it arrives (trace is pcap, screenshot a PNG). */
export const TEXT_ACTIONS: readonly DiagnosticAction[] = ['log', 'ping', 'traceroute', 'systemLog', 'config'];

export function isTextAction(action: DiagnosticAction): boolean {
  return TEXT_ACTIONS.includes(action);
}

/** Connecting or running: the session can be stopped and its output still grows. */
export function isLive(state: DiagnosticState): boolean {
  return !DIAGNOSTIC_END_STATES.includes(state);
}

/**
 * What was kept can be downloaded once there is some; a trace or a screenshot only once it ended
 * (a whole pcap, a whole PNG).
 */
export function isDownloadable(session: Pick<DiagnosticSessionRow, 'action' | 'state' | 'bytes'>): boolean {
  return session.bytes > 0 && (isTextAction(session.action) || !isLive(session.state));
}

export const STATE_COLOR: Record<DiagnosticState, string> = {
  connecting: 'processing',
  running: 'processing',
  done: 'success',
  stopped: 'default',
  limit: 'warning',
  failed: 'error',
  interrupted: 'warning',
};

const STAGE: Record<DiagnosticState, number> = {
  connecting: 0,
  running: 1,
  done: 2,
  stopped: 2,
  limit: 2,
  failed: 2,
  interrupted: 2,
};

/**
 * What is known of a session and what was heard of it since, whichever order they came in (a
 * watch answer's snapshot may be older than a progress heard before it): a session only moves
 * forward (connecting, running, then one end, which is final) and its bytes only grow.
 */
export function laterOf<Known extends Partial<DiagnosticSessionRow>>(
  known: Known,
  heard: Partial<DiagnosticSessionRow>,
): Known {
  const merged: Known = { ...known, ...heard };
  if (known.state && heard.state && STAGE[known.state] > STAGE[heard.state]) {
    merged.state = known.state;
    merged.message = known.message ?? merged.message;
    merged.result = known.result ?? merged.result;
    merged.endTime = known.endTime ?? merged.endTime;
  }
  if (known.bytes !== undefined && heard.bytes !== undefined)
    merged.bytes = Math.max(known.bytes, heard.bytes);
  return merged;
}
