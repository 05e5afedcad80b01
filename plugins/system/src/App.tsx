import type { PluginAppProps } from '@phonefleet/sdk';
import { Navigate, Route, Routes } from 'react-router';
import { ABOUT, UPGRADE } from './links.js';
import { AboutPage } from './pages/AboutPage.js';
import { BackupPage } from './pages/BackupPage.js';
import { UpgradePage } from './pages/UpgradePage.js';

/**
 * Mounted by the host at each menu path: /backup, /upgrade and /about, one screen each. Other
 * paths below them are the 404 page.
 */
export default function App({ basePath }: PluginAppProps) {
  const page = basePath === ABOUT ? <AboutPage /> : basePath === UPGRADE ? <UpgradePage /> : <BackupPage />;
  return (
    <Routes>
      <Route index element={page} />
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );
}
