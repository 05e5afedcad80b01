import { UploadOutlined } from '@ant-design/icons';
import { apiFirstRow, apiRequest, FormShell, useFormShell } from '@phonefleet/sdk/ui';
import {
  Alert,
  Button,
  Form,
  InputNumber,
  Modal,
  message,
  Radio,
  Typography,
  Upload,
  type UploadFile,
} from 'antd';
import { useEffect, useState } from 'react';
import { useConsole } from '../app/console-context.js';

type Protocol = 'http' | 'https';

/** `GET /common/httpCA` (docs/https.md): never the key. */
interface HttpView {
  httpProtocal: Protocol;
  port: number;
  certificate: { subject: string; validTo: string; expired: boolean } | null;
}

interface Values {
  httpProtocal: Protocol;
  port: number;
  pemFile?: UploadFile[];
  keyFile?: UploadFile[];
  caFile?: UploadFile[];
}

/** Spec §9: HTTP 80, HTTPS 443. */
const defaultPort = (protocol: Protocol) => (protocol === 'https' ? 443 : 80);
/** Spec §5: the certificate is pem, cer, der or crt; the CA is read the same way. */
const CERTIFICATE_TYPES = '.pem,.cer,.der,.crt';
const KEY_TYPES = '.pem,.key,.der';

const keepFile = (event: { fileList: UploadFile[] }) => event.fileList.slice(-1);

/**
 * HTTP/HTTPS settings (spec §2 header user menu, §3, §4: http shows the port only, https the port
 * and three files; §5), for the administrator of a LAN deployment; loaded lazily by the user menu.
 * Applied at once by the platform; the new address is shown to open.
 */
export default function HttpSettingsDialog({ onClose }: { onClose(): void }) {
  const { t } = useConsole();
  const [form] = Form.useForm<Values>();
  const shell = useFormShell({ form, cancelTo: onClose, guard: false });
  const [view, setView] = useState<HttpView | null>();
  const [address, setAddress] = useState<string | null>(null);
  const protocol = Form.useWatch('httpProtocal', form) ?? 'http';

  useEffect(() => {
    apiFirstRow<HttpView>('GET', '/common/httpCA')
      .then(setView)
      .catch(() => setView(null));
  }, []);
  useEffect(() => {
    if (view === null) onClose(); // refused: shown by the api client
    if (view) form.setFieldsValue({ httpProtocal: view.httpProtocal, port: view.port });
  }, [view, form, onClose]);

  const save = () =>
    shell.submit(async (values) => {
      const body = new FormData();
      body.append('httpProtocal', values.httpProtocal);
      body.append('port', String(values.port));
      if (values.httpProtocal === 'https') {
        for (const field of ['pemFile', 'keyFile', 'caFile'] as const) {
          const file = values[field]?.[0]?.originFileObj;
          if (file) body.append(field, file, file.name);
        }
      }
      const reply = await apiRequest<HttpView>('POST', '/common/setHttpCA', { body });
      const saved = reply.result.rows[0];
      if (saved?.certificate?.expired) void message.warning(reply.message);
      else void message.success(reply.message);
      if (saved) {
        setView(saved);
        setAddress(`${saved.httpProtocal}://${window.location.hostname}:${saved.port}/`);
      }
    });

  const fileField = (name: 'pemFile' | 'keyFile' | 'caFile', label: string, accept: string) => (
    <Form.Item
      name={name}
      label={label}
      valuePropName="fileList"
      getValueFromEvent={keepFile}
      rules={[{ required: true, message: t('fieldEmpty') }]}
    >
      <Upload beforeUpload={() => false} maxCount={1} accept={accept} data-testid={`http-${name}`}>
        <Button icon={<UploadOutlined />}>{t('httpChooseFile')}</Button>
      </Upload>
    </Form.Item>
  );

  return (
    <Modal open title={t('httpSettings')} width={850} footer={null} onCancel={onClose} destroyOnHidden>
      <FormShell<Values>
        shell={shell}
        testId="http-settings"
        card={false}
        width={false}
        loading={!view}
        formProps={{ layout: 'horizontal', labelCol: { span: 6 }, wrapperCol: { span: 16 } }}
        notice={
          <>
            {view?.certificate ? (
              <Alert
                type={view.certificate.expired ? 'warning' : 'info'}
                showIcon
                style={{ marginBottom: 16 }}
                data-testid="http-certificate"
                message={t(view.certificate.expired ? 'httpCertificateExpired' : 'httpCertificate', {
                  subject: view.certificate.subject,
                  validTo: view.certificate.validTo.slice(0, 10),
                })}
              />
            ) : null}
            {address ? (
              <Alert
                type="success"
                showIcon
                style={{ marginBottom: 16 }}
                data-testid="http-new-address"
                message={
                  <span>
                    {t('httpNewAddress')} <Typography.Link href={address}>{address}</Typography.Link>
                  </span>
                }
              />
            ) : null}
          </>
        }
        buttons={
          <Button type="primary" onClick={save} loading={shell.saving} data-testid="http-save">
            {t('save')}
          </Button>
        }
      >
        <Form.Item name="httpProtocal" label={t('httpProtocol')}>
          <Radio.Group
            data-testid="http-protocol"
            onChange={(event) => {
              const next = event.target.value as Protocol;
              // The port follows the protocol while it is still the other one's default.
              const other: Protocol = next === 'https' ? 'http' : 'https';
              if (form.getFieldValue('port') === defaultPort(other))
                form.setFieldsValue({ port: defaultPort(next) });
            }}
            options={[
              { value: 'http', label: 'HTTP' },
              { value: 'https', label: 'HTTPS' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="port"
          label={t('httpPort')}
          rules={[
            { required: true, message: t('fieldEmpty') },
            { type: 'integer', min: 1, max: 65535, message: t('portInvalid') },
          ]}
        >
          <InputNumber data-testid="http-port" min={1} max={65535} precision={0} style={{ width: 160 }} />
        </Form.Item>
        {protocol === 'https' ? (
          <>
            {fileField('pemFile', t('httpCertificateFile'), CERTIFICATE_TYPES)}
            {fileField('keyFile', t('httpKeyFile'), KEY_TYPES)}
            {fileField('caFile', t('httpCaFile'), CERTIFICATE_TYPES)}
          </>
        ) : null}
      </FormShell>
    </Modal>
  );
}
