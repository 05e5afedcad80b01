import { Navigate, Route, Routes } from 'react-router';
import { DiagnosisInterfacePage } from './pages/DiagnosisInterfacePage.js';
import { DiagnosticsPage } from './pages/DiagnosticsPage.js';

/**
 * Mounted by the host at /diagnostics: the devices and session history, and
 * /diagnostics/diagnosisInterface?deviceId= (one device's diagnosis). Other paths below it are the
 * 404 page.
 */
export default function App() {
  return (
    <Routes>
      <Route index element={<DiagnosticsPage />} />
      <Route path="diagnosisInterface" element={<DiagnosisInterfacePage />} />
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );
}
