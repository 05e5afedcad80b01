import { apiRequest } from '@phonefleet/sdk/ui/core';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useConsole } from '../../app/console-context.js';

export interface ForgotPasswordDialogProps {
  open: boolean;
  onClose(): void;
}

/** Asks for the email or user name and calls `POST /api/user/forgetPassword?name=`. */
export function ForgotPasswordDialog({ open, onClose }: ForgotPasswordDialogProps) {
  const { t } = useConsole();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const [sending, setSending] = useState(false);

  const submit = async () => {
    const { name } = await form.validateFields();
    setSending(true);
    try {
      const reply = await apiRequest('POST', '/user/forgetPassword', { query: { name: name.trim() } });
      void message.success(reply.message);
      form.resetFields();
      onClose();
    } catch {
      // The api client has shown the server's message.
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('forgotTitle')}
      okText={t('send')}
      cancelText={t('cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={sending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('forgotHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          name="name"
          label={t('loginName')}
          rules={[{ required: true, whitespace: true, message: t('loginNameEmpty') }, { max: 128 }]}
        >
          <Input autoComplete="username" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
