import type { IssuedApiKey } from '@phonefleet/sdk';
import { useTexts } from '@phonefleet/sdk/ui';
import { Alert, Button, Descriptions, Modal, message, Typography } from 'antd';
import { apiText } from '../texts.js';

/** The key of a credential just created or rotated: shown this once, with a Copy button. */
export function IssuedKeyDialog({
  issued,
  title,
  onClose,
}: {
  issued: IssuedApiKey | undefined;
  title: string;
  onClose(): void;
}) {
  const t = useTexts(apiText);
  const copy = async (text: string) => {
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    void message.success(t('copied'));
  };
  return (
    <Modal
      open={issued !== undefined}
      title={title}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Button type="primary" onClick={onClose} data-testid="api-key-close">
          {t('close')}
        </Button>
      }
      width={640}
    >
      <Alert type="warning" showIcon message={t('keyOnce')} style={{ marginBottom: 16 }} />
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('apiId')}>
          <Typography.Text code data-testid="issued-api-id">
            {issued?.apiId}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('apiKey')}>
          <Typography.Text code data-testid="issued-api-key">
            {issued?.apiKey}
          </Typography.Text>{' '}
          <Button size="small" onClick={() => issued && copy(issued.apiKey)} data-testid="copy-api-key">
            {t('copy')}
          </Button>
        </Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}
