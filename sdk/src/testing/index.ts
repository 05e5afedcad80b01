export * from './driver-conformance.js';
export * from './driver-tables.js';
export * from './golden.js';
export { sampleFirmware } from './phone-driver.js';
export * from './phone-simulator.js';
export * from './simulated-fleet.js';
export * from './sipp-registrar.js';
