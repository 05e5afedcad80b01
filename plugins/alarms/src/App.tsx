import type { PluginAppProps } from '@phonefleet/sdk';
import { Navigate, Route, Routes } from 'react-router';
import { STRATEGY_LIST } from './links.js';
import { AlarmListPage } from './pages/AlarmListPage.js';
import { StrategyListPage } from './pages/StrategyListPage.js';
import { StrategyWizardPage } from './pages/StrategyWizardPage.js';

/**
 * Mounted by the host at each menu path: /alarmList (the list) and /alarmStrategy (list,
 * addStrategy, editStrategy?id=). Other paths below them are the 404 page.
 */
export default function App({ basePath }: PluginAppProps) {
  const notFound = <Route path="*" element={<Navigate to="/404" replace />} />;
  if (basePath === STRATEGY_LIST) {
    return (
      <Routes>
        <Route index element={<StrategyListPage />} />
        <Route path="addStrategy" element={<StrategyWizardPage key="add" mode="add" />} />
        <Route path="editStrategy" element={<StrategyWizardPage key="edit" mode="edit" />} />
        {notFound}
      </Routes>
    );
  }
  return (
    <Routes>
      <Route index element={<AlarmListPage />} />
      {notFound}
    </Routes>
  );
}
