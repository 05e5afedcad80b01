import type { EnterpriseInput, EnterpriseRow } from '@phonefleet/sdk';
import { FormShell, useEditedRecord, useFieldRules, useFormShell, useTexts } from '@phonefleet/sdk/ui';
import { Button, Form, Input, InputNumber, message } from 'antd';
import type { Rule } from 'antd/es/form';
import { useNavigate, useSearchParams } from 'react-router';
import { addEnterprise, fetchEnterprise, updateEnterprise } from '../api.js';
import { ChannelSelect, ContactFields, useOrganisationRules } from '../components/fields.js';
import { LIST_PATH } from '../links.js';
import { orgText } from '../texts.js';
import { ACTIVATION_NOTICE_SECONDS } from './ChannelFormPage.js';

interface Values {
  name: string;
  email: string;
  contact?: string;
  phone?: string;
  country: string;
  deviceLimit?: number | null;
  channelId?: number | null;
}

function inputOf(values: Values): EnterpriseInput {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    contact: values.contact?.trim() ?? '',
    phone: values.phone?.trim() ?? '',
    country: values.country.trim(),
    deviceLimit: typeof values.deviceLimit === 'number' ? values.deviceLimit : null,
  };
}

/**
 * /enterpriseManagement/addEnterprise and /enterpriseManagement/editEnterprise?id=: name,
 * register email, contact, phone, country/area, device numbers (empty: no limit) and the channel it
 * belongs to (fixed once created). Adding sends the register email an activation email.
 */
export function EnterpriseFormPage({ mode }: { mode: 'add' | 'edit' }) {
  const t = useTexts(orgText);
  const rules = useFieldRules();
  const orgRules = useOrganisationRules();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const shell = useFormShell({
    form,
    cancelTo: LIST_PATH.enterprise,
    fieldErrors: { enterpriseNameExists: 'name', emailExists: 'email', userNameExists: 'email' },
  });
  const editing = mode === 'edit';
  const enterprise = useEditedRecord<EnterpriseRow>(
    editing ? Number(query.get('id')) || 0 : undefined,
    (id) => fetchEnterprise(id),
    (found) => form.setFieldsValue(found),
  );
  // Empty means no limit; otherwise a whole number of 0 or more.
  const deviceLimitRule: Rule = {
    validator: async (_, value: unknown) => {
      if (value === null || value === undefined || value === '') return;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
        throw new Error(t('deviceLimitInvalid'));
    },
  };

  const save = () =>
    shell.submit(async (values) => {
      const input = inputOf(values);
      if (enterprise) {
        await updateEnterprise({ ...input, id: enterprise.id });
        void message.success(t('saved'));
      } else {
        await addEnterprise({ ...input, channelId: values.channelId ?? null });
        void message.success({
          content: t('activationSentTo', { email: input.email }),
          duration: ACTIVATION_NOTICE_SECONDS,
        });
      }
      navigate(LIST_PATH.enterprise);
    });

  return (
    <FormShell
      shell={shell}
      title={editing ? t('editEnterprise') : t('addEnterprise')}
      testId="enterprise-form"
      loading={enterprise === undefined}
      missing={editing && enterprise === null ? t('enterpriseMissing') : undefined}
      buttons={
        <Button type="primary" onClick={save} loading={shell.saving} data-testid="org-save">
          {t('save')}
        </Button>
      }
    >
      <Form.Item name="name" label={t('enterpriseName')} rules={rules.name}>
        <Input data-testid="org-name" />
      </Form.Item>
      <ContactFields />
      <Form.Item name="country" label={t('country')} rules={orgRules.required}>
        <Input data-testid="org-country" />
      </Form.Item>
      <Form.Item
        name="deviceLimit"
        label={t('deviceLimit')}
        extra={t('deviceLimitHint')}
        rules={[deviceLimitRule]}
      >
        <InputNumber<number> precision={0} style={{ width: '100%' }} data-testid="org-device-limit" />
      </Form.Item>
      <Form.Item name="channelId" label={t('channel')}>
        <ChannelSelect
          disabled={editing}
          current={
            enterprise?.channelId ? { id: enterprise.channelId, name: enterprise.channelName ?? '' } : null
          }
          testId="org-channel"
        />
      </Form.Item>
    </FormShell>
  );
}
