/** Action URL events a phone reports to the console (docs/device-events.md). */
export type PhoneEvent =
  | 'setupCompleted'
  | 'registered'
  | 'unregistered'
  | 'registrationFailed'
  | 'reboot'
  | 'callEnd';

/** Voice quality of a finished call as the phone measured it. */
export interface CallQuality {
  delayMs: number;
  jitterMs: number;
  lossPercent: number;
}

/** What a phone fills into its action URLs (`$mac`, `$ip`, … in a real phone's settings). */
export interface ActionUrlValues {
  mac: string;
  ip: string;
  model: string;
  firmware: string;
  account: string;
  sipPort: number;
  /** The line (1..20) a registration event is about. */
  line?: number;
  /** Why a registration failed; cut to 128 characters. */
  reason?: string;
}

const MAX_REASON_LENGTH = 128;

/** At most 128 UTF-16 units (what a string length check counts), never half a surrogate pair. */
function shortReason(reason: string): string {
  const cut = reason.slice(0, MAX_REASON_LENGTH);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * `<consoleUrl>/events/<event>?mac&ip&model&firmware&account&sipPort` (+ `line`, `reason` when given;
 * `delay`, `jitter`, `loss` for a call).
 */
export function actionUrl(
  consoleUrl: string,
  event: PhoneEvent,
  values: ActionUrlValues,
  call?: CallQuality,
): URL {
  const url = new URL(`${consoleUrl.replace(/\/$/, '')}/events/${event}`);
  const params: Record<string, string> = {
    mac: values.mac,
    ip: values.ip,
    model: values.model,
    firmware: values.firmware,
    account: values.account,
    sipPort: String(values.sipPort),
  };
  if (values.line !== undefined) {
    if (!Number.isInteger(values.line) || values.line < 1 || values.line > 20) {
      throw new RangeError(`line ${values.line} is not 1..20`);
    }
    params.line = String(values.line);
  }
  if (values.reason !== undefined) params.reason = shortReason(values.reason);
  if (call) {
    params.delay = String(call.delayMs);
    params.jitter = String(call.jitterMs);
    params.loss = String(call.lossPercent);
  }
  url.search = new URLSearchParams(params).toString();
  return url;
}
