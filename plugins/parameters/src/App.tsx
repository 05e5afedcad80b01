import type { PluginAppProps } from '@phonefleet/sdk';
import type { RelationName } from './api.js';
import { GlobalPage } from './pages/GlobalPage.js';
import { SetParamPage } from './pages/SetParamPage.js';

/** `/device/setParam` → device … ; `/global` → global. Route names equal the relation name (spec §2). */
export function relationOf(basePath: string): RelationName {
  const first = basePath.split('/')[1];
  switch (first) {
    case 'device':
    case 'model':
    case 'group':
    case 'site':
      return first;
    default:
      return 'global';
  }
}

/** The parameter-setting screens: mounted at each relation's setParam route and at /global (with phone credentials). */
export default function App({ basePath }: PluginAppProps) {
  const relationName = relationOf(basePath);
  if (relationName === 'global') return <GlobalPage />;
  return <SetParamPage key={relationName} relationName={relationName} />;
}
