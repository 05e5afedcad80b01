/**
 * Module federation container name of a plugin: `home` → `pf_home`. Kept apart from the zod
 * schemas so the browser can import it without bringing zod to the first page.
 */
export function remoteName(pluginId: string): string {
  return `pf_${pluginId.replace(/-/g, '_')}`;
}
