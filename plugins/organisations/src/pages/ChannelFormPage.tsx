import type { ChannelInput, ChannelRow } from '@phonefleet/sdk';
import { FormShell, useEditedRecord, useFieldRules, useFormShell, useTexts } from '@phonefleet/sdk/ui';
import { Button, Form, Input, message, Switch } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { addChannel, fetchChannel, updateChannel } from '../api.js';
import { ChannelSelect, ContactFields } from '../components/fields.js';
import { LIST_PATH } from '../links.js';
import { orgText } from '../texts.js';

interface Values {
  name: string;
  email: string;
  contact?: string;
  phone?: string;
  parentId?: number | null;
  maySubChannels?: boolean;
}

export const ACTIVATION_NOTICE_SECONDS = 8;

function inputOf(values: Values): ChannelInput {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    contact: values.contact?.trim() ?? '',
    phone: values.phone?.trim() ?? '',
    maySubChannels: values.maySubChannels === true,
  };
}

/**
 * /channelManagement/addChannel and /channelManagement/editChannel?id=: name, register email,
 * contact, phone, the superior channel (fixed once created) and whether it may create
 * sub-channels. Adding sends the register email an activation email, which the list then says.
 */
export function ChannelFormPage({ mode }: { mode: 'add' | 'edit' }) {
  const t = useTexts(orgText);
  const rules = useFieldRules();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const shell = useFormShell({
    form,
    cancelTo: LIST_PATH.channel,
    fieldErrors: { channelNameExists: 'name', emailExists: 'email', userNameExists: 'email' },
  });
  const editing = mode === 'edit';
  const channel = useEditedRecord<ChannelRow>(
    editing ? Number(query.get('id')) || 0 : undefined,
    (id) => fetchChannel(id),
    (found) => form.setFieldsValue(found),
  );

  const save = () =>
    shell.submit(async (values) => {
      const input = inputOf(values);
      if (channel) {
        await updateChannel({ ...input, id: channel.id });
        void message.success(t('saved'));
      } else {
        await addChannel({ ...input, parentId: values.parentId ?? null });
        void message.success({
          content: t('activationSentTo', { email: input.email }),
          duration: ACTIVATION_NOTICE_SECONDS,
        });
      }
      navigate(LIST_PATH.channel);
    });

  return (
    <FormShell
      shell={shell}
      title={editing ? t('editChannel') : t('addChannel')}
      testId="channel-form"
      loading={channel === undefined}
      missing={editing && channel === null ? t('channelMissing') : undefined}
      formProps={{ initialValues: { maySubChannels: false } }}
      buttons={
        <Button type="primary" onClick={save} loading={shell.saving} data-testid="org-save">
          {t('save')}
        </Button>
      }
    >
      <Form.Item name="name" label={t('channelName')} rules={rules.name}>
        <Input data-testid="org-name" />
      </Form.Item>
      <ContactFields />
      <Form.Item name="parentId" label={t('parentChannel')}>
        <ChannelSelect
          disabled={editing}
          exclude={channel?.id}
          current={channel?.parentId ? { id: channel.parentId, name: channel.parentName ?? '' } : null}
          testId="org-parent"
        />
      </Form.Item>
      <Form.Item name="maySubChannels" label={t('maySubChannels')} valuePropName="checked">
        <Switch data-testid="org-may-sub-channels" />
      </Form.Item>
    </FormShell>
  );
}
