import { apiRequest, isStrongPassword } from '@phonefleet/sdk/ui/core';
import { App, Button, Card, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useConsole } from '../app/console-context.js';

interface ResetForm {
  password: string;
  confirmPassword: string;
}

/**
 * Public page opened from the reset e-mail (`/modifyPassword?token=...`) and from the activation
 * e-mail (`&activate=1`: the new account's first password, which activates it). Same call.
 */
export function ModifyPasswordPage() {
  const { t } = useConsole();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const activating = params.get('activate') === '1';
  const [form] = Form.useForm<ResetForm>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: ResetForm) => {
    setSaving(true);
    try {
      const reply = await apiRequest('POST', '/user/resetPassword', { body: { token, ...values } });
      void message.success(reply.message);
      navigate('/login', { replace: true });
    } catch {
      // The api client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <div
      style={{
        minHeight: '100%',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 24,
      }}
    >
      <Card style={{ width: 440 }}>
        {token ? (
          <>
            <Typography.Title level={4} style={{ marginTop: 0 }}>
              {activating ? t('activateTitle') : t('modifyPasswordTitle')}
            </Typography.Title>
            {activating ? <Typography.Paragraph>{t('activateHint')}</Typography.Paragraph> : null}
            <Typography.Paragraph type="secondary">{t('passwordRule')}</Typography.Paragraph>
            <Form<ResetForm> form={form} layout="vertical" onFinish={(values) => void submit(values)}>
              <Form.Item
                name="password"
                label={t('newPassword')}
                rules={[
                  { required: true, message: t('passwordEmpty') },
                  {
                    validator: (_, value: string | undefined) =>
                      !value || isStrongPassword(value)
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('passwordRule'))),
                  },
                ]}
              >
                <Input.Password autoComplete="new-password" maxLength={128} />
              </Form.Item>
              <Form.Item
                name="confirmPassword"
                label={t('confirmPassword')}
                dependencies={['password']}
                rules={[
                  { required: true, message: t('passwordEmpty') },
                  ({ getFieldValue }) => ({
                    validator: (_, value: string | undefined) =>
                      !value || value === getFieldValue('password')
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('passwordMismatch'))),
                  }),
                ]}
              >
                <Input.Password autoComplete="new-password" maxLength={128} />
              </Form.Item>
              <Button type="primary" htmlType="submit" block loading={saving}>
                {t('confirm')}
              </Button>
            </Form>
          </>
        ) : (
          <Result status="warning" title={t('invalidLink')} />
        )}
        <Button type="link" block onClick={() => navigate('/login')} style={{ marginTop: 8 }}>
          {t('backToLogin')}
        </Button>
      </Card>
    </div>
  );
}
