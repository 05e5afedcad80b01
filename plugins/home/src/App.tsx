import type { PluginAppProps } from '@phonefleet/sdk';
import { Dashboard } from './pages/Dashboard.js';

/** The home area: mounted by the host at `/` (its only route). */
export default function App(_props: PluginAppProps) {
  return <Dashboard />;
}
