export type * from './alarms.js';
export type * from './calls.js';
export type * from './devices.js';
export * from './diagnostics.js';
export type * from './firmware.js';
export * from './fleet.js';
export type * from './organisation.js';
export type * from './resources.js';
export * from './sip.js';
