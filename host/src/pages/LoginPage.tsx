import type { LoginInfo } from '@phonefleet/sdk';
import { apiFirstRow, isApiError, readStorage, STORAGE_KEYS, writeStorage } from '@phonefleet/sdk/ui/core';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useConsole } from '../app/console-context.js';
import { consoleTitle } from '../app/page-title.js';
import { LanguageSwitch } from '../components/LanguageSwitch.js';
import { Captcha } from './login/Captcha.js';
import { CookieNotice } from './login/CookieNotice.js';
import { ForgotPasswordDialog } from './login/ForgotPasswordDialog.js';
import { InfoDialog } from './login/InfoDialog.js';
import { TermsDialog } from './login/TermsDialog.js';

interface LoginForm {
  userName: string;
  userPwd: string;
  verifyCode: string;
}

type Dialog = 'terms' | 'forgot' | 'privacy' | 'feedback' | null;

/** Where to go after sign-in: the page that sent the user here, else home. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('/login') ? from : '/';
}

export function LoginPage() {
  const { t, config, login, signedIn } = useConsole();
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm<LoginForm>();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [captchaGeneration, setCaptchaGeneration] = useState(0);
  const captchaId = useRef('');
  const pending = useRef<LoginForm | null>(null);
  const onCaptcha = useCallback((id: string) => {
    captchaId.current = id;
  }, []);

  const signIn = async (values: LoginForm) => {
    setSubmitting(true);
    setError(null);
    try {
      const info = await apiFirstRow<LoginInfo>('POST', '/user/login', {
        body: {
          userName: values.userName.trim(),
          userPwd: values.userPwd,
          captchaId: captchaId.current,
          verifyCode: values.verifyCode.trim(),
        },
        silent: true,
      });
      signedIn(info);
      navigate(returnPath(location.state), { replace: true });
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : String(failure));
      form.setFieldValue('verifyCode', '');
      setCaptchaGeneration((n) => n + 1); // codes are single use
    } finally {
      setSubmitting(false);
    }
  };

  const onFinish = (values: LoginForm) => {
    if (readStorage(STORAGE_KEYS.termsAccepted) === '1') {
      void signIn(values);
      return;
    }
    pending.current = values;
    setDialog('terms');
  };

  if (login) return <Navigate to={returnPath(location.state)} replace />;

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: 'linear-gradient(135deg, #001529 0%, #0b3a6e 55%, #1677ff 100%)',
      }}
    >
      <header
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          padding: '16px 32px',
        }}
      >
        <Typography.Title level={3} style={{ color: '#fff', margin: 0 }}>
          {consoleTitle(config)}
        </Typography.Title>
        <LanguageSwitch dark />
      </header>
      <main style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 24 }}>
        <Card style={{ width: 420, boxShadow: '0 12px 40px rgba(0,0,0,0.25)' }} variant="borderless">
          <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 24 }}>
            {t('signInTitle')}
          </Typography.Title>
          <Form<LoginForm>
            form={form}
            layout="vertical"
            requiredMark={false}
            onFinish={onFinish}
            initialValues={{ userName: '', userPwd: '', verifyCode: '' }}
          >
            <Form.Item
              name="userName"
              label={t('loginName')}
              rules={[{ required: true, whitespace: true, message: t('loginNameEmpty') }]}
            >
              <Input size="large" autoComplete="username" maxLength={128} />
            </Form.Item>
            <Form.Item
              name="userPwd"
              label={t('password')}
              rules={[{ required: true, message: t('passwordEmpty') }]}
            >
              <Input.Password size="large" autoComplete="current-password" maxLength={128} />
            </Form.Item>
            <Form.Item label={t('verifyCode')} required>
              <div style={{ display: 'flex', gap: 8 }}>
                <Form.Item
                  name="verifyCode"
                  noStyle
                  rules={[{ required: true, whitespace: true, message: t('verifyCodeEmpty') }]}
                >
                  <Input size="large" autoComplete="off" maxLength={16} aria-label={t('verifyCode')} />
                </Form.Item>
                <Captcha generation={captchaGeneration} title={t('refreshCaptcha')} onChange={onCaptcha} />
              </div>
            </Form.Item>
            {error ? (
              <Alert
                type="error"
                showIcon
                message={error}
                style={{ marginBottom: 16 }}
                data-testid="login-error"
              />
            ) : null}
            <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
              {t('signIn')}
            </Button>
          </Form>
          <Space style={{ width: '100%', justifyContent: 'space-between', marginTop: 16 }} wrap>
            <Typography.Link onClick={() => setDialog('forgot')}>{t('forgotPassword')}</Typography.Link>
            <Space size="middle">
              <Typography.Link onClick={() => setDialog('privacy')}>{t('privacyPolicy')}</Typography.Link>
              <Typography.Link onClick={() => setDialog('feedback')}>{t('feedback')}</Typography.Link>
            </Space>
          </Space>
        </Card>
      </main>
      <TermsDialog
        open={dialog === 'terms'}
        onConfirm={() => {
          writeStorage(STORAGE_KEYS.termsAccepted, '1');
          setDialog(null);
          const values = pending.current;
          pending.current = null;
          if (values) void signIn(values);
        }}
        onCancel={() => {
          pending.current = null;
          setDialog(null);
        }}
      />
      <ForgotPasswordDialog open={dialog === 'forgot'} onClose={() => setDialog(null)} />
      <InfoDialog
        open={dialog === 'privacy'}
        title={t('privacyPolicy')}
        body={t('privacyBody')}
        okText={t('ok')}
        onClose={() => setDialog(null)}
      />
      <InfoDialog
        open={dialog === 'feedback'}
        title={t('feedback')}
        body={t('feedbackBody')}
        okText={t('ok')}
        onClose={() => setDialog(null)}
      />
      <CookieNotice />
    </div>
  );
}
