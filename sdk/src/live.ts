/**
 * Live updates (docs/live.md): the platform tells signed-in browsers over socket.io that something
 * they show has changed. An event names what changed and carries nothing: the page asks the API
 * again, with its own filters and scope. So a burst of changes coalesces into one event without
 * losing anything, and an event reveals nothing a page could not fetch.
 */

/** Where the socket.io server listens (under `/api`, so proxies that pass the API pass it too). */
export const LIVE_PATH = '/api/live';

/** The events the platform emits. */
export const LiveEventName = {
  /** The user's unread message count changed (the bell asks `GET /homepage/notice` again). */
  notice: 'notice',
  /** Alarms of the organisation (or one below it) changed. */
  alarms: 'alarms',
  /** Device status or figures of the organisation (or one below it) changed. */
  devices: 'devices',
  /** Call records of the organisation (or one below it) arrived. */
  calls: 'calls',
} as const;
export type LiveEventName = (typeof LiveEventName)[keyof typeof LiveEventName];

/** One live event as a module publishes it (`liveService.publish(target, event)`). */
export type LiveEvent = { [Name in LiveEventName]: { name: Name } }[LiveEventName];

export function isLiveEventName(value: unknown): value is LiveEventName {
  return typeof value === 'string' && Object.hasOwn(LiveEventName, value);
}

/** socket.io's typed map of what the server emits: every event without arguments. */
export type LiveServerEvents = { [Name in LiveEventName]: () => void };

/** What a browser may send: nothing (there is no join message; rooms come from the session). */
export type LiveClientEvents = Record<never, never>;
