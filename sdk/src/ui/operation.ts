import type { OperationStatusInfo } from '../api/backup.js';
import { type ApiEnvelope, ErrorCode } from '../envelope.js';

/**
 * The codes a call is refused with while a backup, restore or upgrade holds the console (spec §8):
 * the host opens its blocking dialog with the reply's `rows[0]` (docs/backup.md).
 */
export const OPERATION_CODES: readonly number[] = [
  ErrorCode.backupRunning,
  ErrorCode.recoverRunning,
  ErrorCode.upgradeRunning,
];

type OperationHandler = (status: OperationStatusInfo) => void;

let operationHandler: OperationHandler | undefined;
/** A status that came before the host's dialog was there to take it (the dialog loads after the first paint). */
let pending: OperationStatusInfo | undefined;

/** The host registers what "an operation holds the console" means (its blocking dialog). */
export function onOperationHeld(handler: OperationHandler | undefined): void {
  operationHandler = handler;
  if (!handler || !pending) return;
  const status = pending;
  pending = undefined;
  handler(status);
}

/**
 * Opens the host's blocking dialog with an operation's status: what a refused call does, and what
 * the area that started a backup or restore does with the status the start answered.
 */
export function showOperation(status: OperationStatusInfo): void {
  if (operationHandler) operationHandler(status);
  else pending = status;
}

/** True (and the dialog opened) when the reply is a refusal because an operation holds the console. */
export function operationRefusal(envelope: ApiEnvelope<unknown>): boolean {
  if (!OPERATION_CODES.includes(envelope.code)) return false;
  const status = envelope.result?.rows?.[0] as OperationStatusInfo | undefined;
  if (status) showOperation({ ...status, code: envelope.code, message: envelope.message });
  return true;
}

/** Spec §9: the blocking dialog asks for the status this often while open. */
export const OPERATION_POLL_MS = 60_000;
/** Spec §9: once the operation ended, the page reloads this long after saying how. */
export const OPERATION_RELOAD_MS = 3_000;
