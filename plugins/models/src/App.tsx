import type { PluginAppProps } from '@phonefleet/sdk';
import { Navigate, Route, Routes } from 'react-router';
import { ModelFormPage } from './pages/ModelFormPage.js';
import { ModelListPage } from './pages/ModelListPage.js';

/** The model area, mounted by the host at /model: the list, /model/addModel and /model/editModel. */
export default function App(_props: PluginAppProps) {
  return (
    <Routes>
      <Route index element={<ModelListPage />} />
      <Route path="addModel" element={<ModelFormPage key="add" mode="add" />} />
      <Route path="editModel" element={<ModelFormPage key="edit" mode="edit" />} />
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );
}
