import type { PluginAppProps } from '@phonefleet/sdk';
import { Navigate, Route, Routes } from 'react-router';
import { MacFileListPage } from './pages/MacFileListPage.js';

/** The MAC configuration area, mounted by the host at /MAC (its only screen). */
export default function App(_props: PluginAppProps) {
  return (
    <Routes>
      <Route index element={<MacFileListPage />} />
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );
}
