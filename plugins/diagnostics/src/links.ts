/** The diagnostics area's routes and power (spec §2 Diagnostics; the power has no buttons). */
export const PAGE_PATH = '/diagnostics';
export const POWER = 'diagnostics';
export const INTERFACE_PATH = '/diagnostics/diagnosisInterface';

/** The diagnosis screen of a device, watching `sessionId` when given (a session started elsewhere). */
export function interfacePath(deviceId: number, sessionId?: number): string {
  const query = new URLSearchParams({ deviceId: String(deviceId) });
  if (sessionId !== undefined) query.set('sessionId', String(sessionId));
  return `${INTERFACE_PATH}?${query.toString()}`;
}
