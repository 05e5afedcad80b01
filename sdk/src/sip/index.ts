export * from './challenge.js';
export * from './digest.js';
export * from './endpoint.js';
export * from './message.js';
export * from './notify.js';
export * from './plug-and-play.js';
export * from './register.js';
