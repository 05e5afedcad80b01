import type { PluginAppProps } from '@phonefleet/sdk';
import { Navigate, Route, Routes } from 'react-router';
import type { FirmwareList } from './links.js';
import { FirmwareFormPage } from './pages/FirmwareFormPage.js';
import { FirmwareListPage } from './pages/FirmwareListPage.js';

/**
 * Mounted by the host at each menu path: /firmware (the caller's customer firmware) and
 * /adminFirmware (the official list), each with its list, uploadFirmware and editFirmware?id=.
 * Other paths below them are the 404 page.
 */
export default function App({ basePath }: PluginAppProps) {
  const list: FirmwareList = basePath === '/adminFirmware' ? 'official' : 'customer';
  return (
    <Routes>
      <Route index element={<FirmwareListPage key={list} list={list} />} />
      <Route
        path="uploadFirmware"
        element={<FirmwareFormPage key={`add-${list}`} list={list} mode="add" />}
      />
      <Route
        path="editFirmware"
        element={<FirmwareFormPage key={`edit-${list}`} list={list} mode="edit" />}
      />
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );
}
