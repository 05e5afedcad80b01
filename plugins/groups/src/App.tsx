import type { PluginAppProps } from '@phonefleet/sdk';
import { Navigate, Route, Routes } from 'react-router';
import { GroupFormPage } from './pages/GroupFormPage.js';
import { GroupListPage } from './pages/GroupListPage.js';

/** The group area, mounted by the host at /group: the list, /group/addGroup and /group/editGroup. */
export default function App(_props: PluginAppProps) {
  return (
    <Routes>
      <Route index element={<GroupListPage />} />
      <Route path="addGroup" element={<GroupFormPage key="add" mode="add" />} />
      <Route path="editGroup" element={<GroupFormPage key="edit" mode="edit" />} />
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );
}
