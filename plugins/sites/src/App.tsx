import type { PluginAppProps } from '@phonefleet/sdk';
import { Navigate, Route, Routes } from 'react-router';
import { SiteFormPage } from './pages/SiteFormPage.js';
import { SiteListPage } from './pages/SiteListPage.js';

/** The site area, mounted by the host at /site: the list, /site/addSite and /site/editSite. */
export default function App(_props: PluginAppProps) {
  return (
    <Routes>
      <Route index element={<SiteListPage />} />
      <Route path="addSite" element={<SiteFormPage key="add" mode="add" />} />
      <Route path="editSite" element={<SiteFormPage key="edit" mode="edit" />} />
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );
}
