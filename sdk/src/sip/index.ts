export * from './endpoint.js';
export * from './message.js';
export * from './notify.js';
