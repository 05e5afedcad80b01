import type { PluginAppProps } from '@phonefleet/sdk';
import { Navigate, Route, Routes } from 'react-router';
import { PersonalInfoPage } from './pages/PersonalInfoPage.js';
import { RoleFormPage } from './pages/RoleFormPage.js';
import { UserPage } from './pages/UserPage.js';

/**
 * The users area, mounted by the host at /user (users and roles, /user/addRole, /user/editRole) and
 * at /personnalInfo (the signed-in user's own information, email and password).
 */
export default function App({ basePath }: PluginAppProps) {
  if (basePath === '/personnalInfo') return <PersonalInfoPage />;
  return (
    <Routes>
      <Route index element={<UserPage />} />
      <Route path="addRole" element={<RoleFormPage key="add" mode="add" />} />
      <Route path="editRole" element={<RoleFormPage key="edit" mode="edit" />} />
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );
}
