import type { LoginInfo, PluginDescriptor } from '@phonefleet/sdk';
import { apiRequest } from '@phonefleet/sdk/ui/core';
import { useEffect, useState } from 'react';
import { registerPluginRemotes } from '../federation/plugin-runtime.js';

export interface PluginsState {
  plugins: PluginDescriptor[];
  loading: boolean;
}

/** `GET /api/plugins` for the signed-in user, registering each plugin's remote. */
export function usePlugins(login: LoginInfo): PluginsState {
  const [state, setState] = useState<PluginsState>({ plugins: [], loading: true });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new sign-in (new login object) lists the plugins again
  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, loading: true }));
    apiRequest<PluginDescriptor>('GET', '/plugins')
      .then((reply) => {
        if (!current) return;
        registerPluginRemotes(reply.result.rows);
        setState({ plugins: reply.result.rows, loading: false });
      })
      .catch(() => {
        if (current) setState({ plugins: [], loading: false });
      });
    return () => {
      current = false;
    };
  }, [login]);
  return state;
}
