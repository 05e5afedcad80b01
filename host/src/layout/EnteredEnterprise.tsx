import { SwapOutlined } from '@ant-design/icons';
import { apiRequest } from '@phonefleet/sdk/ui/core';
import { Button, Space, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useConsole } from '../app/console-context.js';

// Not on the first page: loaded when opened.
const EnterprisePicker = lazy(() => import('./EnterprisePicker.js'));

/**
 * Spec §6 in the header: while an enterprise is entered, 'Working in <name>' and Return (back to the
 * user's own organisation); otherwise, for administrators and channel users, 'Enter enterprise'.
 */
export function EnteredEnterprise() {
  const { t, login } = useConsole();
  const [picking, setPicking] = useState(false);
  const [leaving, setLeaving] = useState(false);
  if (!login) return null;

  if (login.entered) {
    const leave = async () => {
      setLeaving(true);
      try {
        await apiRequest('POST', '/enterTheEnterprise', { body: { id: null } });
        window.location.assign('/');
      } catch {
        setLeaving(false); // shown by the api client
      }
    };
    return (
      <Space size={4} data-testid="entered-enterprise">
        <Tag color="orange" style={{ marginInlineEnd: 0 }}>
          {t('workingIn', { name: login.entered.name })}
        </Tag>
        <Button size="small" onClick={() => void leave()} loading={leaving} data-testid="entered-return">
          {t('returnOwn')}
        </Button>
      </Space>
    );
  }
  if (login.user.userType !== 'admin' && login.user.userType !== 'channel') return null;
  return (
    <>
      <Button
        size="small"
        type="text"
        icon={<SwapOutlined />}
        onClick={() => setPicking(true)}
        data-testid="enter-enterprise"
      >
        {t('enterEnterprise')}
      </Button>
      {picking ? (
        <Suspense fallback={null}>
          <EnterprisePicker onClose={() => setPicking(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
