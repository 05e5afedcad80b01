import type { SipAccountRow } from '@phonefleet/sdk';
import type { ParameterConfig, ParameterTree } from '@phonefleet/sdk/catalogue';
import {
  fetchParameterTree,
  fetchPushRecord,
  fetchRelationConfig,
  ParameterEditor,
  type ParameterRelation,
  pushDeviceConfig,
  saveRelationConfig,
  TASK_NOTICE_SECONDS,
  useParameterScreen,
  useSession,
  useTexts,
} from '@phonefleet/sdk/ui';
import { Alert, message, Result, Typography } from 'antd';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { fetchAccount } from '../api.js';
import { ACCOUNT_LIST } from '../links.js';
import { sipText } from '../texts.js';

/** The tree of one account's own parameters: the account tab with one account (docs/sip.md). */
const ACCOUNT_TREE = 'account';

interface Loaded {
  account: SipAccountRow;
  tree: ParameterTree;
  config: ParameterConfig;
  pushed: boolean | undefined;
}

/**
 * `/sipAccount/setParam?id=`: one SIP account's own parameters (codec, advanced), the kit's
 * parameter editor on relation `account`. Save returns to the account list; Save and update also
 * pushes the device the account is bound to. Needs the `sipAccount` `edit` button, as saving does.
 */
export function AccountParamPage() {
  const t = useTexts(sipText);
  const navigate = useNavigate();
  const session = useSession();
  const canEdit = session.hasButton('sipAccount', 'edit');
  // Pushing the bound device is the device's Save and update (deviceConfigUpdate): its button.
  const canPush = session.hasButton('deviceManagement', 'setParam');
  const [query] = useSearchParams();
  const id = Number(query.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const relation: ParameterRelation = { relationId: id, relationName: 'account' };

  const screen = useParameterScreen<Loaded>(valid && canEdit ? String(id) : null, async () => {
    const [account, tree, config, pushed] = await Promise.all([
      fetchAccount(id),
      fetchParameterTree(ACCOUNT_TREE),
      fetchRelationConfig(relation),
      fetchPushRecord(relation),
    ]);
    return { account, tree, config, pushed };
  });

  if (!canEdit) return <Navigate to="/404" replace />;

  const backToList = () => {
    screen.release();
    navigate(ACCOUNT_LIST);
  };
  // The notices outlive this screen: the list it returns to shows them.
  const onSave = async (config: ParameterConfig, { leave }: { leave: boolean }) => {
    await saveRelationConfig(relation, config);
    void message.success(t('saved'));
    if (leave) backToList();
  };
  const onSaveAndUpdate = async (account: SipAccountRow, config: ParameterConfig) => {
    await saveRelationConfig(relation, config);
    if (account.binding && canPush && (await pushDeviceConfig(account.binding.deviceId)))
      void message.success({ content: t('taskCreated'), duration: TASK_NOTICE_SECONDS });
    else void message.success(t('saved'));
    backToList();
  };

  const editor = ({ account, tree, config, pushed }: Loaded) => (
    <ParameterEditor
      tree={tree}
      initial={config}
      pushed={pushed}
      pushStatus={account.binding && !canPush ? 0 : 1}
      onSave={onSave}
      onSaveAndUpdate={(edited) => onSaveAndUpdate(account, edited)}
      onCancel={backToList}
      onDirtyChange={screen.onDirtyChange}
      header={
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="account-param-binding"
          message={
            account.binding
              ? t(canPush ? 'pushesBoundDevice' : 'boundNoPush', {
                  mac: account.binding.macAddress,
                  line: account.binding.line,
                })
              : t('savesOnly')
          }
        />
      }
    />
  );

  const account = screen.data?.account;
  return (
    <div data-testid="account-param-page">
      {screen.holder}
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('accountParams', { name: account ? account.labelName || account.userName : '' })}
      </Typography.Title>
      {valid ? screen.content(editor) : <Result status="warning" title={t('missingAccountId')} />}
    </div>
  );
}
