export type * from './devices.js';
export * from './fleet.js';
