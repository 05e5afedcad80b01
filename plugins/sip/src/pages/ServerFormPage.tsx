import type { SipServerInput } from '@phonefleet/sdk';
import {
  FormShell,
  type MessageKey,
  NatTraversal,
  SIP_DEFAULTS,
  SIP_EXPIRES_RANGE,
  SIP_PORT_RANGE,
  SIP_TOKEN,
  type SipTransport,
  SiteTreeSelect,
  translate,
  useEditedRecord,
  useFieldRules,
  useFormShell,
  useLanguage,
  useTexts,
} from '@phonefleet/sdk/ui';
import { Button, Collapse, Form, Input, InputNumber, message, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { addServer, fetchServer, updateServer } from '../api.js';
import { SERVER_LIST } from '../links.js';
import { TRANSPORT_OPTIONS } from '../sip-options.js';
import { type SipTextKey, sipText } from '../texts.js';

interface SecondaryValues {
  server?: string;
  port: number;
  expires: number;
  transport: SipTransport;
  outboundProxy?: string;
  outboundPort?: number | null;
}

export interface ServerValues {
  serverName: string;
  server: string;
  port: number;
  outboundProxy?: string;
  outboundPort?: number | null;
  expires: number;
  transport: SipTransport;
  natTraversal: NatTraversal;
  siteId?: number;
  secondary: SecondaryValues;
}

/** What a new server starts with (spec §9 SIP defaults; no secondary server). */
export const NEW_SERVER: Omit<ServerValues, 'serverName' | 'server'> = {
  port: SIP_DEFAULTS.port,
  expires: SIP_DEFAULTS.expires,
  transport: SIP_DEFAULTS.transport,
  natTraversal: SIP_DEFAULTS.natTraversal,
  outboundProxy: '',
  outboundPort: null,
  secondary: {
    server: '',
    port: SIP_DEFAULTS.secondaryPort,
    expires: SIP_DEFAULTS.expires,
    transport: SIP_DEFAULTS.transport,
    outboundProxy: '',
    outboundPort: null,
  },
};

const SECONDARY = 'secondary';

const trimmed = (text: string | undefined) => text?.trim() ?? '';

/** The form's values as the API takes them (addresses trimmed, an empty port as null). */
export function serverInput(values: ServerValues, siteId: number): SipServerInput {
  const { secondary } = values;
  return {
    serverName: values.serverName.trim(),
    server: values.server.trim(),
    port: values.port,
    outboundProxy: trimmed(values.outboundProxy),
    outboundPort: values.outboundPort ?? null,
    expires: values.expires,
    transport: values.transport,
    natTraversal: values.natTraversal,
    siteId,
    secondary: {
      server: trimmed(secondary.server),
      port: secondary.port,
      expires: secondary.expires,
      transport: secondary.transport,
      outboundProxy: trimmed(secondary.outboundProxy),
      outboundPort: secondary.outboundPort ?? null,
    },
  };
}

/** The SIP server form's rules: integers within a range, lengths, required fields. */
function useServerRules() {
  const language = useLanguage();
  const common = useFieldRules();
  // The platform's own messages for what it refuses the same way.
  const range = (bounds: { min: number; max: number }, required: boolean, key: MessageKey): Rule[] => [
    ...(required ? [common.required] : []),
    { type: 'integer', ...bounds, message: translate(key, language) },
  ];
  return {
    name: common.name,
    required: [common.required],
    address: (required: boolean): Rule[] => [
      ...(required
        ? [{ required: true, whitespace: true, message: translate('fieldRequired', language) }]
        : []),
      common.length128,
      { pattern: SIP_TOKEN, message: translate('invalidFormat', language) },
    ],
    port: (required: boolean) => range(SIP_PORT_RANGE, required, 'sipPortInvalid'),
    expires: range(SIP_EXPIRES_RANGE, true, 'sipExpiresInvalid'),
  };
}

type Rules = ReturnType<typeof useServerRules>;

function NumberField({ name, label, rules }: { name: string | string[]; label: string; rules: Rule[] }) {
  return (
    <Form.Item name={name} label={label} rules={rules}>
      <InputNumber style={{ width: 200 }} />
    </Form.Item>
  );
}

/** The additional (secondary) server: used by a phone when the first one does not answer. */
function SecondaryFields({ rules, t }: { rules: Rules; t: (key: SipTextKey) => string }) {
  return (
    <>
      <Form.Item name={['secondary', 'server']} label={t('secondaryServer')} rules={rules.address(false)}>
        <Input />
      </Form.Item>
      <NumberField name={['secondary', 'port']} label={t('secondaryPort')} rules={rules.port(true)} />
      <NumberField name={['secondary', 'expires']} label={t('secondaryExpires')} rules={rules.expires} />
      <Form.Item name={['secondary', 'transport']} label={t('secondaryTransport')} rules={rules.required}>
        <Select options={TRANSPORT_OPTIONS} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name={['secondary', 'outboundProxy']}
        label={t('secondaryOutboundProxy')}
        rules={rules.address(false)}
      >
        <Input />
      </Form.Item>
      <NumberField
        name={['secondary', 'outboundPort']}
        label={t('secondaryOutboundPort')}
        rules={rules.port(false)}
      />
    </>
  );
}

/**
 * /sipServer/addServer and /sipServer/editServer?id= (spec §2, §3, §9): name, registrar, port,
 * outbound proxy, register expiry, transport, NAT traversal, site, and the collapsible additional
 * (secondary) server. Moving a server with accounts to another site asks first: accounts bound to
 * devices outside the new site are unbound (spec §4), and the answer says how many were.
 */
export function ServerFormPage({ mode }: { mode: 'add' | 'edit' }) {
  const t = useTexts(sipText);
  const rules = useServerRules();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const [form] = Form.useForm<ServerValues>();
  const shell = useFormShell({
    form,
    cancelTo: SERVER_LIST,
    fieldErrors: { sipServerNameExists: 'serverName' },
  });
  const editId = Number(query.get('id')) || 0;
  // The additional settings start open when the server has a secondary server, and open on a save
  // whose error lies inside them.
  const [panels, setPanels] = useState<string[]>([]);
  const server = useEditedRecord(mode === 'edit' ? editId : undefined, fetchServer, (found) => {
    form.setFieldsValue({ ...found, secondary: { ...found.secondary } });
    if (found.secondary.server) setPanels([SECONDARY]);
  });

  const save = async () => {
    const failed = await form.validateFields().then(
      () => [],
      (error: { errorFields?: { name: (string | number)[] }[] }) => error.errorFields ?? [],
    );
    if (failed.some((field) => field.name[0] === 'secondary')) setPanels([SECONDARY]);
    await shell.submit(async (values) => {
      const siteId = values.siteId ?? 0;
      const input = serverInput(values, siteId);
      if (mode === 'add') {
        await addServer(input);
        void message.success(t('saved'));
        navigate(SERVER_LIST);
        return;
      }
      if (server && server.siteId !== siteId && server.accountNumber > 0) {
        const agreed = await shell.confirm({ title: t('siteChangeTitle'), content: t('siteChangeContent') });
        if (!agreed) return false;
      }
      const { unbound } = await updateServer({ ...input, id: editId });
      void message.success(t('saved'));
      if (unbound > 0) void message.warning(t('accountsUnbound', { count: unbound }));
      navigate(SERVER_LIST);
    });
  };

  return (
    <FormShell<ServerValues>
      shell={shell}
      title={mode === 'add' ? t('addServer') : t('editServer')}
      testId="sip-server-form"
      loading={server === undefined}
      missing={mode === 'edit' && server === null ? t('serverNotFound') : undefined}
      width={640}
      formProps={{ initialValues: NEW_SERVER }}
      buttons={
        <Button
          type="primary"
          onClick={() => void save()}
          loading={shell.saving}
          data-testid="sip-server-save"
        >
          {t('save')}
        </Button>
      }
    >
      <Form.Item name="serverName" label={t('serverName')} rules={rules.name}>
        <Input data-testid="sip-server-name" />
      </Form.Item>
      <Form.Item name="server" label={t('sipServer')} rules={rules.address(true)} extra={t('serverHint')}>
        <Input />
      </Form.Item>
      <NumberField name="port" label={t('port')} rules={rules.port(true)} />
      <Form.Item name="outboundProxy" label={t('outboundProxy')} rules={rules.address(false)}>
        <Input />
      </Form.Item>
      <NumberField name="outboundPort" label={t('outboundPort')} rules={rules.port(false)} />
      <NumberField name="expires" label={t('expires')} rules={rules.expires} />
      <Form.Item name="transport" label={t('transport')} rules={rules.required}>
        <Select options={TRANSPORT_OPTIONS} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="natTraversal" label={t('natTraversal')} rules={rules.required}>
        <Select
          style={{ width: 200 }}
          options={[
            { value: NatTraversal.disable, label: t('natDisable') },
            { value: NatTraversal.nat, label: 'NAT' },
            { value: NatTraversal.stun, label: 'STUN' },
            { value: NatTraversal.ice, label: 'ICE' },
          ]}
        />
      </Form.Item>
      <Form.Item name="siteId" label={t('site')} rules={rules.required}>
        <SiteTreeSelect placeholder={t('chooseSite')} />
      </Form.Item>
      <Collapse
        style={{ marginBottom: 24 }}
        activeKey={panels}
        onChange={(keys) => setPanels(typeof keys === 'string' ? [keys] : keys)}
        items={[
          {
            key: SECONDARY,
            label: t('additionalSettings'),
            forceRender: true,
            children: <SecondaryFields rules={rules} t={t} />,
          },
        ]}
      />
    </FormShell>
  );
}
