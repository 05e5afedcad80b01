import type { PluginAppProps } from '@phonefleet/sdk';
import { Navigate, Route, Routes } from 'react-router';
import { DeviceAccountAssignPage } from './pages/DeviceAccountAssignPage.js';
import { DeviceAccountPage } from './pages/DeviceAccountPage.js';
import { DeviceDetailPage } from './pages/DeviceDetailPage.js';
import { DeviceEditPage } from './pages/DeviceEditPage.js';
import { DeviceList } from './pages/DeviceList.js';
import { ScanPage } from './pages/ScanPage.js';
import { UnknownDeviceList } from './pages/UnknownDeviceList.js';

/**
 * The device area, mounted by the host at `/device/*`: the list, add, edit, details and scan
 * screens, a device's SIP account lines, the bulk account assignment (spec §2) and the unknown
 * devices. Other paths
 * below /device are the 404 page.
 */
export default function App({ basePath }: PluginAppProps) {
  return (
    <Routes>
      <Route index element={<DeviceList basePath={basePath} />} />
      <Route path="addDevice" element={<DeviceEditPage key="add" basePath={basePath} editing={false} />} />
      <Route path="editDevice" element={<DeviceEditPage key="edit" basePath={basePath} editing />} />
      <Route path="deviceDetailInfo" element={<DeviceDetailPage basePath={basePath} />} />
      <Route path="scanDevice" element={<ScanPage basePath={basePath} />} />
      <Route path="deviceAccount" element={<DeviceAccountPage basePath={basePath} />} />
      <Route path="deviceAccountAssign" element={<DeviceAccountAssignPage basePath={basePath} />} />
      <Route path="unknownDevice" element={<UnknownDeviceList />} />
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );
}
