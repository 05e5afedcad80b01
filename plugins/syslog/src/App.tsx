import type { PluginAppProps } from '@phonefleet/sdk';
import { Navigate, Route, Routes } from 'react-router';
import { SyslogPage } from './pages/SyslogPage.js';

/** Mounted by the host at /syslog (the list); other paths below it are the 404 page. */
export default function App(_props: PluginAppProps) {
  return (
    <Routes>
      <Route index element={<SyslogPage />} />
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );
}
