import {
  EMPTY_CELL,
  isApiError,
  translate,
  useFieldRules,
  useLanguage,
  useSession,
  useTexts,
} from '@phonefleet/sdk/ui';
import { Alert, Button, Card, Descriptions, Form, Input, message, Space } from 'antd';
import { useEffect, useState } from 'react';
import { changePassword, fetchPersonalInfo, type PersonalInfo, requestEmailChange } from '../api.js';
import { passwordRules } from '../password-rule.js';
import { userText } from '../texts.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * /personnalInfo (spec §2 "personal info (basic, role, modify email, modify password)"): what the
 * signed-in user is, a new email address (confirmed by a link sent to it) and a new password. The
 * time zone is the footer's.
 */
export function PersonalInfoPage() {
  const t = useTexts(userText);
  const { login } = useSession();
  const [info, setInfo] = useState<PersonalInfo | null>(null);
  useEffect(() => {
    fetchPersonalInfo()
      .then(setInfo)
      .catch(() => undefined);
  }, []);
  const user = login.user;
  const organisation = info?.orgName ?? info?.organisation ?? login.entered?.name;

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="personal-info">
      <Card title={t('basicInfo')}>
        <Descriptions column={1} bordered size="middle">
          <Descriptions.Item label={t('userName')}>{info?.userName ?? user.userName}</Descriptions.Item>
          <Descriptions.Item label={t('email')}>
            <span data-testid="personal-email">{(info?.email ?? user.email) || EMPTY_CELL}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('role')}>{info?.roleName || user.role}</Descriptions.Item>
          <Descriptions.Item label={t('organisation')}>{organisation || EMPTY_CELL}</Descriptions.Item>
        </Descriptions>
        <div style={{ marginTop: 8, color: 'rgba(0,0,0,0.45)' }}>{t('timeZoneHint')}</div>
      </Card>
      <EmailCard current={info?.email ?? user.email} />
      <Card title={t('modifyPassword')}>
        <PasswordForm />
      </Card>
    </Space>
  );
}

function EmailCard({ current }: { current: string }) {
  const t = useTexts(userText);
  const rules = useFieldRules();
  const language = useLanguage();
  const [form] = Form.useForm<{ email: string; password: string }>();
  const [saving, setSaving] = useState(false);
  const [sentTo, setSentTo] = useState<string>();
  const submit = async ({ email, password }: { email: string; password: string }) => {
    setSaving(true);
    try {
      await requestEmailChange(email.trim(), password);
      setSentTo(email.trim());
      form.resetFields();
    } catch (error) {
      // Other refusals are shown by the api client.
      if (isApiError(error) && error.message === translate('oldPasswordWrong', language))
        form.setFields([{ name: 'password', errors: [error.message] }]);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card title={t('modifyEmail')}>
      {sentTo ? (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16, maxWidth: 560 }}
          message={<span data-testid="email-link-sent">{t('emailLinkSent', { email: sentTo })}</span>}
        />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 560 }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="email"
          label={t('newEmail')}
          rules={[
            rules.required,
            { max: 128, message: t('emailTooLong') },
            {
              validator: (_, value: string | undefined) =>
                !value || EMAIL.test(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('emailInvalid'))),
            },
            {
              validator: (_, value: string | undefined) =>
                value?.trim() === current ? Promise.reject(new Error(t('sameEmail'))) : Promise.resolve(),
            },
          ]}
        >
          <Input data-testid="new-email" autoComplete="email" />
        </Form.Item>
        <Form.Item name="password" label={t('oldPassword')} rules={[rules.required]}>
          <Input.Password data-testid="email-password" autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="email-save">
          {t('save')}
        </Button>
      </Form>
    </Card>
  );
}

interface PasswordValues {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

/** Spec §5: the rule is shown and checked here; the platform checks it again. */
export function PasswordForm() {
  const t = useTexts(userText);
  const language = useLanguage();
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);
  const rules = passwordRules({
    empty: t('passwordEmpty'),
    rule: t('passwordRule'),
    mismatch: t('passwordMismatch'),
  });
  const submit = async (values: PasswordValues) => {
    setSaving(true);
    try {
      const answer = await changePassword(values);
      void message.success(answer && answer !== 'Success' ? answer : t('passwordSaved'));
      form.resetFields();
    } catch (error) {
      // Shown by the api client; a wrong current password also on its field.
      if (isApiError(error) && error.message === translate('oldPasswordWrong', language))
        form.setFields([{ name: 'oldPassword', errors: [error.message] }]);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form<PasswordValues>
      form={form}
      layout="vertical"
      style={{ maxWidth: 560 }}
      data-testid="password-form"
      onFinish={(values) => void submit(values)}
    >
      <Form.Item
        name="oldPassword"
        label={t('oldPassword')}
        rules={[{ required: true, message: t('passwordEmpty') }]}
      >
        <Input.Password autoComplete="current-password" maxLength={128} data-testid="old-password" />
      </Form.Item>
      <Form.Item name="password" label={t('newPassword')} extra={t('passwordRule')} rules={rules.password}>
        <Input.Password autoComplete="new-password" maxLength={128} data-testid="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('confirmPassword')}
        dependencies={['password']}
        rules={rules.confirmPassword}
      >
        <Input.Password autoComplete="new-password" maxLength={128} data-testid="confirm-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving} data-testid="password-save">
        {t('save')}
      </Button>
    </Form>
  );
}
