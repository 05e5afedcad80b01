import type { PluginAppProps } from '@phonefleet/sdk';
import { Navigate, Route, Routes } from 'react-router';
import { AccountFormPage } from './pages/AccountFormPage.js';
import { AccountListPage } from './pages/AccountListPage.js';
import { AccountParamPage } from './pages/AccountParamPage.js';
import { ServerFormPage } from './pages/ServerFormPage.js';
import { ServerListPage } from './pages/ServerListPage.js';

/**
 * Mounted by the host at each menu path: /sipAccount (list, addAccount, editAccount, setParam) and
 * /sipServer (list, addServer, editServer). Other paths below them are the 404 page.
 */
export default function App({ basePath }: PluginAppProps) {
  const notFound = <Route path="*" element={<Navigate to="/404" replace />} />;
  if (basePath === '/sipServer') {
    return (
      <Routes>
        <Route index element={<ServerListPage />} />
        <Route path="addServer" element={<ServerFormPage key="add" mode="add" />} />
        <Route path="editServer" element={<ServerFormPage key="edit" mode="edit" />} />
        {notFound}
      </Routes>
    );
  }
  return (
    <Routes>
      <Route index element={<AccountListPage />} />
      <Route path="addAccount" element={<AccountFormPage key="add" mode="add" />} />
      <Route path="editAccount" element={<AccountFormPage key="edit" mode="edit" />} />
      <Route path="setParam" element={<AccountParamPage />} />
      {notFound}
    </Routes>
  );
}
