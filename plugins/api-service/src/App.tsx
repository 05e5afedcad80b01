import type { PluginAppProps } from '@phonefleet/sdk';
import { Navigate, Route, Routes } from 'react-router';
import { ApiServicePage } from './pages/ApiServicePage.js';

/** The API service area, mounted by the host at /apiService (its only screen). */
export default function App(_props: PluginAppProps) {
  return (
    <Routes>
      <Route index element={<ApiServicePage />} />
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );
}
