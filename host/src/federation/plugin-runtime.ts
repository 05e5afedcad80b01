import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { PluginAppProps, PluginDescriptor } from '@phonefleet/sdk';
import { remoteName } from '@phonefleet/sdk/ui/core';
import type { ComponentType } from 'react';

/** Spec §9: a chunk that has not loaded after 120 s is a load error. */
export const CHUNK_TIMEOUT_MS = 120_000;

export type PluginApp = ComponentType<PluginAppProps>;

/** Entries registered so far, by container name, so a second sign-in only adds what changed. */
const registered = new Map<string, string>();

/**
 * Joins the federation runtime the build set up. The shared singletons (react, react-dom,
 * react-router, antd, pro-components, @phonefleet/sdk, @phonefleet/sdk/ui) are registered by the
 * ModuleFederationPlugin from the one list in rspack.config.ts, so they are not repeated here;
 * the host starts with no remotes at all.
 */
export function initFederation(): void {
  init({ name: 'pf_host', remotes: [] });
}

function absolute(entry: string): string {
  return new URL(entry, window.location.href).href;
}

/** Registers the remotes of the plugins the signed-in user may open (from `GET /api/plugins`). */
export function registerPluginRemotes(plugins: readonly PluginDescriptor[]): void {
  const fresh = plugins
    .map((plugin) => ({ name: remoteName(plugin.id), entry: absolute(plugin.entry) }))
    .filter((remote) => registered.get(remote.name) !== remote.entry);
  if (fresh.length === 0) return;
  const replacing = fresh.some((remote) => registered.has(remote.name));
  registerRemotes(fresh, { force: replacing });
  for (const remote of fresh) registered.set(remote.name, remote.entry);
}

/** Forgets a failed remote's cached entry so the next load fetches it again (the retry button). */
export function resetPluginRemote(plugin: PluginDescriptor): void {
  const remote = { name: remoteName(plugin.id), entry: absolute(plugin.entry) };
  registerRemotes([remote], { force: true });
  registered.set(remote.name, remote.entry);
}

export class PluginLoadError extends Error {
  constructor(
    readonly pluginId: string,
    reason: string,
  ) {
    super(`UI plugin ${pluginId} failed to load: ${reason}`);
    this.name = 'PluginLoadError';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** `loadRemote('<pf_id>/App')`, failing after the chunk timeout, for `React.lazy`. */
export async function loadPluginApp(
  pluginId: string,
  timeoutMs: number = CHUNK_TIMEOUT_MS,
): Promise<{ default: PluginApp }> {
  const request = loadRemote<{ default?: PluginApp }>(`${remoteName(pluginId)}/App`).catch(
    (error: unknown) => {
      throw new PluginLoadError(pluginId, error instanceof Error ? error.message : String(error));
    },
  );
  const module = await withTimeout(
    request,
    timeoutMs,
    () => new PluginLoadError(pluginId, `no answer after ${timeoutMs / 1000} s`),
  );
  if (!module || typeof module.default !== 'function') {
    throw new PluginLoadError(pluginId, './App has no default-exported component');
  }
  return { default: module.default };
}
