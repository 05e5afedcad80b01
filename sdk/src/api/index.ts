export type * from './devices.js';
export * from './fleet.js';
export type * from './organisation.js';
export * from './sip.js';
