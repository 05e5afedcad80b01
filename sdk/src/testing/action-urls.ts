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
}

/** `<consoleUrl>/events/<event>?mac&ip&model&firmware&account&sipPort` (+ `delay`, `jitter`, `loss` for a call). */
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
  if (call) {
    params.delay = String(call.delayMs);
    params.jitter = String(call.jitterMs);
    params.loss = String(call.lossPercent);
  }
  url.search = new URLSearchParams(params).toString();
  return url;
}
