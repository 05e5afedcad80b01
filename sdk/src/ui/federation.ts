/**
 * Browser-safe copy of the sdk's `remoteName` (sdk/src/plugin.ts). That module also defines the zod
 * manifest schemas, and shared modules are not tree-shaken, so importing it in the browser would add
 * zod (~23 KiB gzip) to the host's first page. `federation.test.ts` keeps the two identical.
 */
export function remoteContainerName(pluginId: string): string {
  return `pf_${pluginId.replace(/-/g, '_')}`;
}
