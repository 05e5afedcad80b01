import { EventEmitter } from 'node:events';

const requests = new EventEmitter();

/** Asks the process to stop and exit with the restart code (its launcher starts the switched release). */
export function requestRestart(): void {
  requests.emit('restart');
}

/** `runConsole` listens: stop the console, then exit with `RESTART_EXIT_CODE`. */
export function onRestartRequested(listener: () => void): void {
  requests.on('restart', listener);
}
