import type { RoleRow, UserInput, UserRow } from '@phonefleet/sdk';
import { FormShell, useFieldRules, useFormShell, useTexts } from '@phonefleet/sdk/ui';
import { Button, Form, Input, Modal, message, Radio, Select } from 'antd';
import { useEffect, useState } from 'react';
import { addUser, listRoles, updateUser } from '../api.js';
import { userText } from '../texts.js';
import { SitesPicker } from './SitesPicker.js';

/** Spec §5: a valid address of at most 128 characters. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Values {
  userName: string;
  email: string;
  roleId: number;
  scope: 'all' | 'sites';
  siteIds?: number[];
}

export interface UserFormDialogProps {
  /** `'new'` to add, a row to edit, null: closed. */
  user: UserRow | 'new' | null;
  onClose(): void;
  /** After a save: the list reloads. */
  onSaved(): void;
}

/**
 * Add or edit a user in a dialog (spec §2 lists no route for it; dialog width 850, spec §9): user
 * name, email, role, and the data permission (every site, or chosen sites with their subtrees).
 * Adding sends the new user an activation email.
 */
export function UserFormDialog({ user, onClose, onSaved }: UserFormDialogProps) {
  const t = useTexts(userText);
  return (
    <Modal
      open={user !== null}
      title={user === 'new' ? t('addUser') : t('editUser')}
      width={850}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      data-testid="user-dialog"
    >
      {user ? <UserForm user={user} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

export function UserForm({
  user,
  onClose,
  onSaved,
}: { user: UserRow | 'new' } & Omit<UserFormDialogProps, 'user'>) {
  const t = useTexts(userText);
  const rules = useFieldRules();
  const [form] = Form.useForm<Values>();
  const shell = useFormShell({
    form,
    cancelTo: onClose,
    guard: false,
    fieldErrors: { userNameExists: 'userName', emailExists: 'email' },
  });
  const [roles, setRoles] = useState<RoleRow[]>();
  const scope = Form.useWatch('scope', form);
  const editing = user === 'new' ? null : user;

  useEffect(() => {
    listRoles()
      .then(setRoles)
      .catch(() => setRoles([]));
  }, []);

  const initial: Partial<Values> = editing
    ? {
        userName: editing.userName,
        email: editing.email,
        ...(editing.roleId === null ? {} : { roleId: editing.roleId }),
        scope: editing.sites === null ? 'all' : 'sites',
        siteIds: editing.sites?.map((site) => site.id) ?? [],
      }
    : { scope: 'all', siteIds: [] };

  const save = () =>
    shell.submit(async (values) => {
      const input: UserInput = {
        userName: values.userName.trim(),
        email: values.email.trim(),
        roleId: values.roleId,
        siteIds: values.scope === 'all' ? null : (values.siteIds ?? []),
      };
      if (editing) {
        await updateUser({ ...input, id: editing.id });
        void message.success(t('saved'));
      } else {
        await addUser(input);
        void message.success(t('activationSentTo', { email: input.email }), 6);
      }
      onSaved();
      onClose();
    });

  return (
    <FormShell<Values>
      shell={shell}
      testId="user-form"
      card={false}
      width={false}
      formProps={{
        initialValues: initial,
        layout: 'horizontal',
        labelCol: { span: 5 },
        wrapperCol: { span: 17 },
      }}
      buttons={
        <Button type="primary" onClick={save} loading={shell.saving} data-testid="user-save">
          {t('save')}
        </Button>
      }
    >
      <Form.Item name="userName" label={t('userName')} rules={rules.name}>
        <Input data-testid="user-name" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('email')}
        rules={[
          rules.required,
          { max: 128, message: t('emailTooLong') },
          {
            validator: (_, value: string | undefined) =>
              !value || EMAIL.test(value.trim())
                ? Promise.resolve()
                : Promise.reject(new Error(t('emailInvalid'))),
          },
        ]}
      >
        <Input data-testid="user-email" autoComplete="off" />
      </Form.Item>
      <Form.Item name="roleId" label={t('role')} rules={[rules.required]}>
        <Select
          data-testid="user-role"
          loading={roles === undefined}
          options={(roles ?? []).map((role) => ({ value: role.id, label: role.name }))}
          showSearch
          optionFilterProp="label"
        />
      </Form.Item>
      <Form.Item name="scope" label={t('dataPermission')}>
        <Radio.Group
          data-testid="user-scope"
          options={[
            { value: 'all', label: t('allSites') },
            { value: 'sites', label: t('chosenSites') },
          ]}
        />
      </Form.Item>
      {scope === 'sites' ? (
        <Form.Item
          name="siteIds"
          label={t('site')}
          rules={[{ required: true, type: 'array', min: 1, message: t('sitesRequired') }]}
        >
          <SitesPicker data-testid="user-sites" />
        </Form.Item>
      ) : null}
    </FormShell>
  );
}
