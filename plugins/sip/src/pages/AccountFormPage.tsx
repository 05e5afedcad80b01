import type { SipAccountInput, SipServerOption } from '@phonefleet/sdk';
import {
  FormShell,
  SIP_TOKEN,
  SiteTreeSelect,
  translate,
  useEditedRecord,
  useFieldRules,
  useFormShell,
  useLanguage,
  useTexts,
} from '@phonefleet/sdk/ui';
import { Button, Form, Input, message, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { addAccount, fetchAccount, fetchModels, fetchServerOptions, updateAccount } from '../api.js';
import { ACCOUNT_LIST } from '../links.js';
import { sipText } from '../texts.js';

export interface AccountValues {
  labelName?: string;
  registerName: string;
  /** Typed here only: never filled from the server (write-only). */
  password?: string;
  displayName?: string;
  userName: string;
  serverId?: number;
  model?: string;
  siteId?: number;
}

/** The form's values as the API takes them: an empty password is not sent (the stored one stays). */
export function accountInput(values: AccountValues): SipAccountInput {
  return {
    labelName: values.labelName?.trim() ?? '',
    registerName: values.registerName.trim(),
    displayName: values.displayName?.trim() ?? '',
    userName: values.userName.trim(),
    serverId: values.serverId ?? 0,
    model: values.model ?? '',
    siteId: values.siteId ?? 0,
    ...(values.password ? { password: values.password } : {}),
  };
}

/** The server picker's and the model picker's choices, read once. */
function usePickerOptions() {
  const [servers, setServers] = useState<SipServerOption[]>();
  const [models, setModels] = useState<string[]>([]);
  useEffect(() => {
    let current = true;
    fetchServerOptions()
      .then((found) => current && setServers(found))
      .catch(() => current && setServers([]));
    void fetchModels().then((found) => current && setModels(found));
    return () => {
      current = false;
    };
  }, []);
  return { servers, models };
}

/**
 * /sipAccount/addAccount and /sipAccount/editAccount?id= (spec §2, §3): label, register name,
 * password, display name, user name, SIP server, model (optional) and site. The password is
 * write-only: never shown, "Unchanged" when one is stored, sent only when typed.
 */
export function AccountFormPage({ mode }: { mode: 'add' | 'edit' }) {
  const t = useTexts(sipText);
  const language = useLanguage();
  const common = useFieldRules();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const [form] = Form.useForm<AccountValues>();
  const shell = useFormShell({
    form,
    cancelTo: ACCOUNT_LIST,
    fieldErrors: {
      sipAccountExists: 'userName',
      sipAccountOutsideServerSite: 'siteId',
      sipServerNotFound: 'serverId',
    },
  });
  const { servers, models } = usePickerOptions();
  const editId = Number(query.get('id')) || 0;
  const account = useEditedRecord(mode === 'edit' ? editId : undefined, fetchAccount, (found) =>
    form.setFieldsValue({
      labelName: found.labelName,
      registerName: found.registerName,
      displayName: found.displayName,
      userName: found.userName,
      serverId: found.serverId,
      model: found.model || undefined,
      siteId: found.siteId,
    }),
  );
  const optional = [common.length128];
  const token = [...common.name, { pattern: SIP_TOKEN, message: translate('invalidFormat', language) }];

  const save = () =>
    shell.submit(async (values) => {
      const input = accountInput(values);
      if (mode === 'add') {
        await addAccount(input);
      } else {
        const binding = account?.binding;
        const moved = account && (account.siteId !== input.siteId || account.serverId !== input.serverId);
        if (binding && moved) {
          const agreed = await shell.confirm({
            title: t('accountMoveTitle'),
            content: t('accountMoveContent', { mac: binding.macAddress, line: binding.line }),
          });
          if (!agreed) return false;
        }
        const { unbound } = await updateAccount({ ...input, id: editId });
        if (unbound > 0) void message.warning(t('accountUnbound'));
      }
      void message.success(t('saved'));
      navigate(ACCOUNT_LIST);
    });

  // A new account takes its server's site unless one was chosen.
  const serverChosen = (serverId: number | undefined) => {
    const site = servers?.find((server) => server.id === serverId)?.siteId;
    if (site !== undefined && form.getFieldValue('siteId') === undefined)
      form.setFieldsValue({ siteId: site });
  };

  return (
    <FormShell<AccountValues>
      shell={shell}
      title={mode === 'add' ? t('addAccount') : t('editAccount')}
      testId="sip-account-form"
      loading={account === undefined || servers === undefined}
      missing={mode === 'edit' && account === null ? t('accountNotFound') : undefined}
      buttons={
        <Button
          type="primary"
          onClick={() => void save()}
          loading={shell.saving}
          data-testid="sip-account-save"
        >
          {t('save')}
        </Button>
      }
    >
      <Form.Item name="labelName" label={t('labelName')} rules={optional}>
        <Input />
      </Form.Item>
      <Form.Item name="registerName" label={t('registerName')} rules={token}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('password')}
        rules={optional}
        extra={account?.hasPassword ? t('passwordKeepHint') : undefined}
      >
        <Input.Password
          autoComplete="new-password"
          placeholder={account?.hasPassword ? t('passwordUnchanged') : undefined}
        />
      </Form.Item>
      <Form.Item name="displayName" label={t('displayName')} rules={optional}>
        <Input />
      </Form.Item>
      <Form.Item name="userName" label={t('userName')} rules={token}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="serverId"
        label={t('sipServer')}
        rules={[common.required]}
        extra={servers?.length === 0 ? t('noServers') : undefined}
      >
        <Select
          showSearch
          optionFilterProp="label"
          placeholder={t('chooseServer')}
          onChange={serverChosen}
          options={(servers ?? []).map((server) => ({
            value: server.id,
            label: `${server.serverName} (${server.server})`,
          }))}
        />
      </Form.Item>
      <Form.Item name="model" label={t('model')}>
        <Select
          allowClear
          showSearch
          placeholder={t('anyModel')}
          options={models.map((model) => ({ value: model, label: model }))}
        />
      </Form.Item>
      <Form.Item name="siteId" label={t('site')} rules={[common.required]}>
        <SiteTreeSelect placeholder={t('chooseSite')} />
      </Form.Item>
    </FormShell>
  );
}
