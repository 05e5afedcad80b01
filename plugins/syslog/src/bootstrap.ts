/**
 * The remote is mounted by the host through `./App` (see rspack.config.ts); loading remoteEntry.js
 * on its own does nothing. This file exists so the entry has an async boundary (TOOLCHAIN).
 */
export {};
