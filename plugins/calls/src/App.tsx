import { Navigate, Route, Routes } from 'react-router';
import { CallStatisticsPage } from './pages/CallStatisticsPage.js';

/** Mounted by the host at /callStatistics: the one page. Other paths below it are the 404 page. */
export default function App() {
  return (
    <Routes>
      <Route index element={<CallStatisticsPage />} />
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );
}
