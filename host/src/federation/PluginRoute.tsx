import type { PluginDescriptor } from '@phonefleet/sdk';
import { Spin } from 'antd';
import { type LazyExoticComponent, lazy, Suspense, useState } from 'react';
import { AreaUnavailable } from '../app/later-parts.js';
import { PluginErrorBoundary } from './PluginErrorBoundary.js';
import { loadPluginApp, type PluginApp, resetPluginRemote } from './plugin-runtime.js';

/** One lazy component per plugin and attempt; a retry builds a new one (React.lazy caches failures). */
const lazyApps = new Map<string, { attempt: number; component: LazyExoticComponent<PluginApp> }>();

function lazyApp(pluginId: string, attempt: number): LazyExoticComponent<PluginApp> {
  const cached = lazyApps.get(pluginId);
  if (cached && cached.attempt === attempt) return cached.component;
  const component = lazy(() => loadPluginApp(pluginId));
  lazyApps.set(pluginId, { attempt, component });
  return component;
}

const attempts = new Map<string, number>();

export interface PluginRouteProps {
  plugin: PluginDescriptor;
  basePath: string;
}

/** Renders a plugin's `./App` at one of its menu paths, inside the plugin's own error boundary. */
export function PluginRoute({ plugin, basePath }: PluginRouteProps) {
  const [attempt, setAttempt] = useState(() => attempts.get(plugin.id) ?? 0);
  const App = lazyApp(plugin.id, attempt);
  return (
    <PluginErrorBoundary
      key={`${plugin.id}:${attempt}`}
      pluginId={plugin.id}
      onRetry={() => {
        resetPluginRemote(plugin);
        const next = attempt + 1;
        attempts.set(plugin.id, next);
        setAttempt(next);
      }}
      fallback={(retry) => (
        <Suspense fallback={null}>
          <AreaUnavailable pluginId={plugin.id} onRetry={retry} />
        </Suspense>
      )}
    >
      <Suspense
        fallback={
          <div style={{ padding: 64, textAlign: 'center' }}>
            <Spin size="large" />
          </div>
        }
      >
        <App basePath={basePath} />
      </Suspense>
    </PluginErrorBoundary>
  );
}
