import { apiFirstRow, apiRequest, FormShell, isApiError, useFormShell } from '@phonefleet/sdk/ui';
import { Alert, Button, Form, Input, InputNumber, Modal, message, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useConsole } from '../app/console-context.js';

/** `GET /emailConfig/query` (docs/mail.md): the settings without the password, and the outbox. */
interface MailView {
  isFlag: boolean;
  mailServer: string;
  mailPort: number;
  mailUser: string;
  mailPassSet: boolean;
  isTls: boolean;
  queued: number;
  lastError: string | null;
}

interface Values {
  isFlag: boolean;
  mailServer: string;
  mailPort: number;
  mailUser: string;
  mailPass?: string;
  isTls: boolean;
  to?: string;
}

/** Spec §9: mail port 587 with TLS on, 25 off. */
const defaultPort = (tls: boolean) => (tls ? 587 : 25);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Email server settings (spec §2 header user menu, §3 Email server), for the administrator of a LAN
 * deployment; loaded lazily by the user menu. The password is write-only ('Stored' when one is);
 * a test email is sent with the form as it stands; the outbox's waiting messages and last error show.
 */
export default function EmailSettingsDialog({ onClose }: { onClose(): void }) {
  const { t } = useConsole();
  const [form] = Form.useForm<Values>();
  const shell = useFormShell({ form, cancelTo: onClose, guard: false });
  const [view, setView] = useState<MailView | null>();
  const [testing, setTesting] = useState(false);
  const [testFailure, setTestFailure] = useState<string | null>(null);
  const enabled = Form.useWatch('isFlag', form) ?? false;

  useEffect(() => {
    apiFirstRow<MailView>('GET', '/emailConfig/query')
      .then(setView)
      .catch(() => setView(null));
  }, []);
  useEffect(() => {
    if (view === null) onClose(); // refused: shown by the api client
    if (!view) return;
    form.setFieldsValue({
      isFlag: view.isFlag,
      mailServer: view.mailServer,
      // A server never set: the default port of the default (TLS on).
      mailPort: view.mailServer ? view.mailPort : defaultPort(view.isTls),
      mailUser: view.mailUser,
      mailPass: '',
      isTls: view.isTls,
    });
  }, [view, form, onClose]);

  const settings = (values: Values) => ({
    isFlag: values.isFlag,
    mailServer: (values.mailServer ?? '').trim(),
    mailPort: values.mailPort,
    mailUser: (values.mailUser ?? '').trim(),
    ...(values.mailPass ? { mailPass: values.mailPass } : {}),
    isTls: values.isTls,
  });

  const save = () =>
    shell.submit(async (values) => {
      await apiRequest('POST', '/emailConfig/save', { body: settings(values) });
      void message.success(t('saved'));
      onClose();
    });

  const test = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    if (!values.to || !EMAIL.test(values.to.trim())) {
      form.setFields([{ name: 'to', errors: [t('emailInvalid')] }]);
      return;
    }
    setTesting(true);
    setTestFailure(null);
    try {
      const reply = await apiRequest('POST', '/emailConfig/test', {
        body: { ...settings(values), isFlag: true, to: values.to.trim() },
        silent: true,
      });
      void message.success(reply.message);
    } catch (error) {
      if (isApiError(error))
        setTestFailure(error.messageExt ? `${error.message}: ${error.messageExt}` : error.message);
    } finally {
      setTesting(false);
    }
  };

  const required = enabled ? [{ required: true, whitespace: true, message: t('fieldEmpty') }] : [];
  return (
    <Modal open title={t('emailSettings')} width={850} footer={null} onCancel={onClose} destroyOnHidden>
      <FormShell<Values>
        shell={shell}
        testId="email-settings"
        card={false}
        width={false}
        loading={!view}
        formProps={{ layout: 'horizontal', labelCol: { span: 6 }, wrapperCol: { span: 16 } }}
        notice={
          view && (view.queued > 0 || view.lastError) ? (
            <Alert
              type={view.lastError ? 'warning' : 'info'}
              showIcon
              style={{ marginBottom: 16 }}
              data-testid="mail-outbox"
              message={t('mailQueued', { count: view.queued })}
              description={view.lastError ? t('mailLastError', { error: view.lastError }) : undefined}
            />
          ) : null
        }
        buttons={
          <Button type="primary" onClick={save} loading={shell.saving} data-testid="mail-save">
            {t('save')}
          </Button>
        }
      >
        <Form.Item name="isFlag" label={t('mailEnabled')} valuePropName="checked">
          <Switch data-testid="mail-enabled" />
        </Form.Item>
        <Form.Item name="mailServer" label={t('mailServer')} rules={[...required, { max: 128 }]}>
          <Input data-testid="mail-server" autoComplete="off" />
        </Form.Item>
        <Form.Item name="isTls" label={t('mailTls')} valuePropName="checked">
          <Switch
            data-testid="mail-tls"
            onChange={(tls) => {
              // The port follows TLS while it is still the other setting's default.
              if (form.getFieldValue('mailPort') === defaultPort(!tls))
                form.setFieldsValue({ mailPort: defaultPort(tls) });
            }}
          />
        </Form.Item>
        <Form.Item
          name="mailPort"
          label={t('mailPort')}
          rules={[{ required: true, type: 'integer', min: 1, max: 65535, message: t('portInvalid') }]}
        >
          <InputNumber data-testid="mail-port" min={1} max={65535} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="mailUser" label={t('mailUser')} rules={[...required, { max: 128 }]}>
          <Input data-testid="mail-user" autoComplete="off" />
        </Form.Item>
        <Form.Item name="mailPass" label={t('mailPass')} rules={[{ max: 128 }]}>
          <Input.Password
            data-testid="mail-pass"
            autoComplete="new-password"
            placeholder={view?.mailPassSet ? t('mailPassStored') : undefined}
          />
        </Form.Item>
        <Form.Item label={t('mailTestTo')}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="to" noStyle>
              <Input data-testid="mail-test-to" autoComplete="off" />
            </Form.Item>
            <Button onClick={() => void test()} loading={testing} data-testid="mail-test">
              {t('mailTest')}
            </Button>
          </Space.Compact>
        </Form.Item>
        {testFailure ? (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            message={testFailure}
            data-testid="mail-test-error"
          />
        ) : null}
      </FormShell>
    </Modal>
  );
}
