export * from './driver.js';
export * from './envelope.js';
export * from './mac.js';
export * from './messages.js';
export * from './plugin.js';
export * from './session.js';
export * from './states.js';
export * from './version.js';
