import { FormShell, useFieldRules, useFormShell, useTexts } from '@phonefleet/sdk/ui';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  message,
  Result,
  Row,
  Select,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { fetchPhoneCredentials, type PhoneCredentials, savePhoneCredentials } from '../credentials-api.js';
import { credentialText } from '../credentials-texts.js';
import { DevicePasswordCard } from './DevicePasswordCard.js';

interface Values {
  username: string;
  password: string;
  allowCidrs: string[];
}

const USERNAME = /^[A-Za-z0-9_.-]{3,64}$/;
/** IPv4 `a.b.c.d/n` here; anything with a colon is left to the server (IPv6). */
const IPV4_CIDR = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}\/(3[0-2]|[12]?\d)$/;

/**
 * The global configuration's Phone credentials tab: the organization's digest user name and
 * password (write-only: the stored one is never shown, only whether it is set), the addresses its
 * phones may connect from, a device's own password, and the URLs to give phones.
 */
export function CredentialsPage({ canEdit, canSetDevice }: { canEdit: boolean; canSetDevice: boolean }) {
  const t = useTexts(credentialText);
  const rules = useFieldRules();
  const [form] = Form.useForm<Values>();
  const [stored, setStored] = useState<PhoneCredentials | null | undefined>(undefined);
  const fill = useCallback(
    (found: PhoneCredentials) =>
      form.setFieldsValue({ username: found.username ?? '', password: '', allowCidrs: found.allowCidrs }),
    [form],
  );
  const load = useCallback(() => {
    setStored(undefined);
    fetchPhoneCredentials()
      .then((found) => {
        setStored(found);
        fill(found);
      })
      .catch(() => setStored(null));
  }, [fill]);
  useEffect(load, [load]);

  const shell = useFormShell({
    form,
    // Cancel puts back what is stored (the page stays: it is a tab of the global configuration).
    cancelTo: () => {
      if (stored) fill(stored);
    },
    fieldErrors: { passwordRule: 'password' },
  });

  const save = () =>
    shell.submit(async (values) => {
      await savePhoneCredentials({
        username: values.username.trim(),
        password: values.password,
        allowCidrs: values.allowCidrs.map((cidr) => cidr.trim()).filter(Boolean),
      });
      message.success(t('saved'));
      load();
    });

  if (stored === null) {
    return (
      <Result status="error" title={t('loadFailed')} extra={<Button onClick={load}>{t('refresh')}</Button>} />
    );
  }
  if (stored === undefined) return <Spin style={{ display: 'block', padding: 64 }} />;

  return (
    <Row gutter={[16, 16]} data-testid="phone-credentials">
      <Col xs={24} xl={14}>
        <FormShell
          shell={shell}
          title={t('orgTitle')}
          testId="credentials-form"
          readOnly={!canEdit}
          notice={
            <Typography.Paragraph type="secondary" style={{ maxWidth: 560 }}>
              {t('orgIntro')}
            </Typography.Paragraph>
          }
          buttons={
            canEdit ? (
              <Button type="primary" onClick={save} data-testid="credentials-save">
                {t('save')}
              </Button>
            ) : null
          }
        >
          <Form.Item
            name="username"
            label={t('username')}
            rules={[rules.required, { pattern: USERNAME, message: t('usernameRule') }]}
          >
            <Input autoComplete="off" data-testid="credentials-username" />
          </Form.Item>
          <Form.Item
            name="password"
            label={
              <span>
                {t('password')}{' '}
                <Tag
                  color={stored.passwordSet ? 'green' : 'default'}
                  data-testid="credentials-password-status"
                >
                  {t('passwordStored')}: {stored.passwordSet ? t('passwordSet') : t('passwordNotSet')}
                </Tag>
              </span>
            }
            extra={t('passwordHint')}
            rules={[rules.required]}
          >
            <Input.Password autoComplete="new-password" data-testid="credentials-password" />
          </Form.Item>
          <Form.Item
            name="allowCidrs"
            label={t('allowList')}
            extra={t('allowListHint')}
            rules={[
              {
                validator: async (_rule, value: string[] | undefined) => {
                  const wrong = (value ?? []).find(
                    (cidr) => !cidr.includes(':') && !IPV4_CIDR.test(cidr.trim()),
                  );
                  if (wrong !== undefined) throw new Error(t('allowListInvalid', { value: wrong }));
                },
              },
            ]}
          >
            <Select
              mode="tags"
              open={false}
              tokenSeparators={[',', ' ', ';']}
              placeholder="10.1.0.0/16"
              data-testid="credentials-allow"
            />
          </Form.Item>
        </FormShell>
      </Col>
      <Col xs={24} xl={10}>
        <Card title={t('giveTitle')} style={{ marginBottom: 16 }} data-testid="credentials-urls">
          <Descriptions column={1} size="small" layout="vertical">
            <Descriptions.Item label={t('provisioningUrl')}>
              <Typography.Text copyable data-testid="provisioning-url">
                {stored.provisioningUrl}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('eventsUrl')}>
              <Typography.Text copyable>{stored.eventsUrl}</Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </Card>
        {canSetDevice ? <DevicePasswordCard /> : null}
      </Col>
    </Row>
  );
}
