import type { ChannelAuthorization } from '@phonefleet/sdk';
import { useSession, useTexts } from '@phonefleet/sdk/ui';
import { Button, Card, Descriptions, Modal, message, Space, Spin, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { fetchAuthorization, saveAuthorization } from '../api.js';
import { orgText } from '../texts.js';

const POWER = 'authorizedChannels';

/**
 * /authorizedChannels (enterprise users, spec §6): the enterprise's superior channel and whether it
 * may enter and manage this enterprise, with Authorize (button `authorize`) or Cancel
 * authorization (button `cancel`), each confirmed first.
 */
export function AuthorizationPage() {
  const t = useTexts(orgText);
  const { hasButton } = useSession();
  const [modal, modalHolder] = Modal.useModal();
  const [messages, messageHolder] = message.useMessage();
  const [state, setState] = useState<ChannelAuthorization | null>();
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    fetchAuthorization()
      .then(setState)
      .catch(() => setState(null));
  }, []);
  useEffect(load, [load]);

  if (state === undefined) return <Spin style={{ display: 'block', padding: 64 }} />;
  const name = state?.channelName ?? '';
  const hasChannel = state !== null && state.channelId !== null;

  const change = (authorized: boolean) =>
    modal.confirm({
      title: t(authorized ? 'authorize' : 'cancelAuthorization'),
      content: t(authorized ? 'authorizeQuestion' : 'cancelQuestion', { name }),
      okText: t(authorized ? 'authorize' : 'cancelAuthorization'),
      okButtonProps: authorized ? {} : { danger: true },
      cancelText: t('cancel'),
      onOk: async () => {
        setBusy(true);
        try {
          await saveAuthorization(authorized);
          void messages.success(t(authorized ? 'authorizedDone' : 'cancelledDone'));
        } catch {
          // the api client has shown the server's message
        } finally {
          setBusy(false);
          load();
        }
      },
    });

  return (
    <Card data-testid="authorization">
      {modalHolder}
      {messageHolder}
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('authorizedChannels')}
      </Typography.Title>
      <Descriptions column={1} bordered size="small" style={{ maxWidth: 720, marginBottom: 16 }}>
        <Descriptions.Item label={t('superiorChannel')}>
          <span data-testid="authorization-channel">{hasChannel ? name : t('noSuperior')}</span>
        </Descriptions.Item>
        {hasChannel ? (
          <Descriptions.Item label={t('authorization')}>
            <Space direction="vertical" size={4}>
              <Tag
                color={state.authorized ? 'green' : 'default'}
                data-testid="authorization-status"
                data-authorized={state.authorized}
              >
                {t(state.authorized ? 'authorized' : 'notAuthorized')}
              </Tag>
              <span>{t(state.authorized ? 'authorizedNote' : 'notAuthorizedNote', { name })}</span>
            </Space>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 720 }}>
        {t('explanation')}
      </Typography.Paragraph>
      {hasChannel ? (
        <Space>
          {!state.authorized && hasButton(POWER, 'authorize') ? (
            <Button type="primary" loading={busy} onClick={() => change(true)} data-testid="authorize">
              {t('authorize')}
            </Button>
          ) : null}
          {state.authorized && hasButton(POWER, 'cancel') ? (
            <Button danger loading={busy} onClick={() => change(false)} data-testid="cancel-authorization">
              {t('cancelAuthorization')}
            </Button>
          ) : null}
        </Space>
      ) : null}
    </Card>
  );
}
