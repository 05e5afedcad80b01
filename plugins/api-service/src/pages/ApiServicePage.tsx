import type { ApiCredentialRow, IssuedApiKey } from '@phonefleet/sdk';
import {
  type FleetColumn,
  formatDateTime,
  ListPage,
  type RunAction,
  useSession,
  useTexts,
} from '@phonefleet/sdk/ui';
import { App, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { listCredentials, revokeCredential, rotateCredential } from '../api.js';
import { CreateCredentialDialog } from '../components/CreateCredentialDialog.js';
import { IssuedKeyDialog } from '../components/IssuedKeyDialog.js';
import { apiText } from '../texts.js';

const STATUS_COLOR = { active: 'green', expired: 'orange', revoked: 'red' } as const;

/**
 * The API service (spec §2 /apiService): the organisation's API credentials with their API IDs and
 * roles; create (the key shown once), rotate (a new key shown once) and revoke, each with `edit`.
 */
export function ApiServicePage() {
  const { zoneOffset } = useSession();
  const t = useTexts(apiText);
  const { modal } = App.useApp();
  const [creating, setCreating] = useState(false);
  const [issued, setIssued] = useState<{ key: IssuedApiKey; title: string }>();

  const columns = useMemo<FleetColumn<ApiCredentialRow>[]>(
    () => [
      { key: 'name', title: t('name'), dataIndex: 'name' },
      {
        key: 'apiId',
        title: t('apiId'),
        dataIndex: 'apiId',
        render: (value: string) => <Typography.Text code>{value}</Typography.Text>,
      },
      { key: 'roleName', title: t('role'), dataIndex: 'roleName' },
      {
        key: 'status',
        title: t('status'),
        dataIndex: 'status',
        render: (value: ApiCredentialRow['status']) => <Tag color={STATUS_COLOR[value]}>{t(value)}</Tag>,
      },
      {
        key: 'expireTime',
        title: t('expires'),
        dataIndex: 'expireTime',
        render: (value: string | null) => (value ? formatDateTime(value, zoneOffset) : t('never')),
      },
      {
        key: 'lastUseTime',
        title: t('lastUsed'),
        dataIndex: 'lastUseTime',
        render: (value: string | null) => formatDateTime(value, zoneOffset),
      },
      { key: 'ratePerMinute', title: t('ratePerMinute'), dataIndex: 'ratePerMinute', defaultHidden: true },
      { key: 'createdBy', title: t('createdBy'), dataIndex: 'createdBy', defaultHidden: true },
      {
        key: 'createTime',
        title: t('created'),
        dataIndex: 'createTime',
        render: (value: string) => formatDateTime(value, zoneOffset),
      },
    ],
    [t, zoneOffset],
  );

  const revoke: RunAction = {
    key: 'revoke',
    label: t('revoke'),
    button: 'edit',
    danger: true,
    testId: 'api-revoke',
    confirm: { title: t('revoke'), content: (count) => t('revokeContent', { count }) },
    run: revokeCredential,
    doneText: t('revoked_done'),
  };

  return (
    <ListPage<ApiCredentialRow>
      power="apiService"
      tableId="api-credentials"
      testId="api-list"
      title={t('title')}
      intro={<Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>}
      columns={columns}
      request={() => listCredentials()}
      toolbar={[
        { key: 'add', button: 'edit', primary: true, testId: 'api-add', onClick: () => setCreating(true) },
      ]}
      rowActions={(row) =>
        row.status === 'revoked'
          ? []
          : [
              {
                key: 'rotate',
                label: t('rotate'),
                button: 'edit',
                testId: 'api-rotate',
                onClick: (_row, list) =>
                  modal.confirm({
                    title: t('rotate'),
                    content: t('rotateContent'),
                    okText: t('rotate'),
                    onOk: async () => {
                      setIssued({ key: await rotateCredential(row.id), title: t('newKeyTitle') });
                      list.reload();
                    },
                  }),
              },
              revoke,
            ]
      }
    >
      {(list) => (
        <>
          <CreateCredentialDialog
            open={creating}
            onClose={() => setCreating(false)}
            onCreated={(key) => {
              setCreating(false);
              setIssued({ key, title: t('createTitle') });
              list.reload();
            }}
          />
          <IssuedKeyDialog
            issued={issued?.key}
            title={issued?.title ?? ''}
            onClose={() => setIssued(undefined)}
          />
        </>
      )}
    </ListPage>
  );
}
