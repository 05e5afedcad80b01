import { Navigate, Route, Routes } from 'react-router';
import { ResourceFormPage } from './pages/ResourceFormPage.js';
import { ResourceListPage } from './pages/ResourceListPage.js';

/**
 * Mounted by the host at /otherResources: the list, uploadFiles and editFile?id=. Other paths below
 * it are the 404 page.
 */
export default function App() {
  return (
    <Routes>
      <Route index element={<ResourceListPage />} />
      <Route path="uploadFiles" element={<ResourceFormPage key="add" mode="add" />} />
      <Route path="editFile" element={<ResourceFormPage key="edit" mode="edit" />} />
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );
}
