import type { PluginAppProps } from '@phonefleet/sdk';
import { Navigate, Route, Routes } from 'react-router';
import { AuthorizationPage } from './pages/AuthorizationPage.js';
import { ChannelFormPage } from './pages/ChannelFormPage.js';
import { ChannelListPage } from './pages/ChannelListPage.js';
import { EnterpriseFormPage } from './pages/EnterpriseFormPage.js';
import { EnterpriseListPage } from './pages/EnterpriseListPage.js';
import { SendEmailPage } from './pages/SendEmailPage.js';

/**
 * Mounted by the host at each menu path: /channelManagement (list, addChannel, editChannel,
 * sendEmail), /enterpriseManagement (list, addEnterprise, editEnterprise, sendEmail) and
 * /authorizedChannels.
 */
export default function App({ basePath }: PluginAppProps) {
  if (basePath === '/authorizedChannels') return <AuthorizationPage />;
  const notFound = <Route path="*" element={<Navigate to="/404" replace />} />;
  if (basePath === '/channelManagement') {
    return (
      <Routes>
        <Route index element={<ChannelListPage />} />
        <Route path="addChannel" element={<ChannelFormPage key="add" mode="add" />} />
        <Route path="editChannel" element={<ChannelFormPage key="edit" mode="edit" />} />
        <Route path="sendEmail" element={<SendEmailPage area="channel" />} />
        {notFound}
      </Routes>
    );
  }
  return (
    <Routes>
      <Route index element={<EnterpriseListPage />} />
      <Route path="addEnterprise" element={<EnterpriseFormPage key="add" mode="add" />} />
      <Route path="editEnterprise" element={<EnterpriseFormPage key="edit" mode="edit" />} />
      <Route path="sendEmail" element={<SendEmailPage area="enterprise" />} />
      {notFound}
    </Routes>
  );
}
