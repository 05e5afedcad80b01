import { useSession, useTexts } from '@phonefleet/sdk/ui';
import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { credentialText } from '../credentials-texts.js';
import { CredentialsPage } from './CredentialsPage.js';
import { SetParamPage } from './SetParamPage.js';

const CREDENTIALS = 'credentials';

/**
 * `/global`: the organization's parameters and, on `?tab=credentials`, its phones' credentials.
 * Only the open tab is mounted, so each keeps its own leave guard (switching tabs is a navigation
 * it asks about).
 */
export function GlobalPage() {
  const t = useTexts(credentialText);
  const { hasButton } = useSession();
  const [query, setQuery] = useSearchParams();
  const tab = query.get('tab') === CREDENTIALS ? CREDENTIALS : 'parameters';
  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={(key) => setQuery(key === CREDENTIALS ? { tab: CREDENTIALS } : {})}
        items={[
          { key: 'parameters', label: t('tabParameters') },
          { key: CREDENTIALS, label: t('tabCredentials') },
        ]}
        data-testid="global-tabs"
      />
      {tab === CREDENTIALS ? (
        <CredentialsPage
          canEdit={hasButton('global', 'edit')}
          canSetDevice={hasButton('deviceManagement', 'edit')}
        />
      ) : (
        <SetParamPage relationName="global" />
      )}
    </>
  );
}
