export * from './driver-conformance.js';
