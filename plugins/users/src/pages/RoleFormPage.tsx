import type { GrantableResource, RoleDetail, RolePermission } from '@phonefleet/sdk';
import { FormShell, useEditedRecord, useFieldRules, useFormShell, useTexts } from '@phonefleet/sdk/ui';
import { Alert, Button, Form, Input, message } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { fetchRole, grantableResources, saveRole } from '../api.js';
import { PermissionTable } from '../components/PermissionTable.js';
import { ROLE_LIST } from '../links.js';
import { userText } from '../texts.js';

interface Values {
  name: string;
  description?: string;
  permissions: RolePermission[];
}

/**
 * /user/addRole and /user/editRole?id= (spec §2): a custom role's name (128), description (500) and
 * function permissions, chosen among what the caller's own role holds. A built-in role is shown
 * read-only.
 */
export function RoleFormPage({ mode }: { mode: 'add' | 'edit' }) {
  const t = useTexts(userText);
  const rules = useFieldRules();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const shell = useFormShell({ form, cancelTo: ROLE_LIST, fieldErrors: { roleNameExists: 'name' } });
  const [resources, setResources] = useState<GrantableResource[]>();
  const editId = Number(query.get('id')) || 0;
  const role = useEditedRecord<RoleDetail>(mode === 'edit' ? editId : undefined, fetchRole, (found) =>
    form.setFieldsValue({ name: found.name, description: found.description, permissions: found.permissions }),
  );

  useEffect(() => {
    grantableResources()
      .then(setResources)
      .catch(() => setResources([]));
  }, []);

  const readOnly = role?.builtin === true;
  // A built-in role may hold resources the caller cannot grant: show those too.
  const shown: GrantableResource[] = [...(resources ?? [])];
  for (const permission of role?.permissions ?? []) {
    if (!shown.some((resource) => resource.power === permission.power))
      shown.push({
        power: permission.power,
        rsName: permission.power,
        rsNameCn: permission.power,
        buttons: permission.buttons,
      });
  }

  const save = () =>
    shell.submit(async (values) => {
      await saveRole({
        ...(mode === 'edit' ? { id: editId } : {}),
        name: values.name.trim(),
        description: values.description?.trim() ?? '',
        permissions: values.permissions,
      });
      void message.success(t('saved'));
      navigate(ROLE_LIST);
    });

  return (
    <FormShell<Values>
      shell={shell}
      title={mode === 'add' ? t('addRole') : readOnly ? role.name : t('editRole')}
      testId="role-form"
      loading={role === undefined || resources === undefined}
      missing={mode === 'edit' && role === null ? t('roleNotFound') : undefined}
      readOnly={readOnly}
      width={860}
      cancelLabel={readOnly ? t('back') : undefined}
      notice={
        readOnly ? (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('builtinReadOnly')} />
        ) : null
      }
      formProps={{ initialValues: { permissions: [] } }}
      buttons={
        readOnly ? null : (
          <Button type="primary" onClick={save} loading={shell.saving} data-testid="role-save">
            {t('save')}
          </Button>
        )
      }
    >
      <Form.Item name="name" label={t('roleName')} rules={rules.name}>
        <Input data-testid="role-name" style={{ maxWidth: 560 }} />
      </Form.Item>
      <Form.Item name="description" label={t('description')} rules={rules.description}>
        <Input.TextArea rows={3} data-testid="role-desc" style={{ maxWidth: 560 }} />
      </Form.Item>
      <Form.Item
        name="permissions"
        label={t('functionPermissions')}
        rules={[{ required: true, type: 'array', min: 1, message: t('permissionsRequired') }]}
      >
        <PermissionTable resources={shown} disabled={readOnly} />
      </Form.Item>
    </FormShell>
  );
}
