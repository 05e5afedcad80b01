import { MessageOutlined, ReadOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useConsole } from '../app/console-context.js';

// Not on the first page: loaded when opened.
const FeedbackDialog = lazy(() => import('./FeedbackDialog.js'));

/** The header's feedback dialog and documents link (spec §2). The link shows when DOCS_URL is set. */
export function HeaderLinks() {
  const { t, config } = useConsole();
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  return (
    <Space size={0}>
      <Button
        type="text"
        icon={<MessageOutlined />}
        onClick={() => setFeedbackOpen(true)}
        data-testid="header-feedback"
      >
        {t('feedback')}
      </Button>
      {config?.documentsUrl ? (
        <Button
          type="text"
          icon={<ReadOutlined />}
          href={config.documentsUrl}
          target="_blank"
          rel="noreferrer"
          data-testid="header-documents"
        >
          {t('documents')}
        </Button>
      ) : null}
      {feedbackOpen ? (
        <Suspense fallback={null}>
          <FeedbackDialog onClose={() => setFeedbackOpen(false)} />
        </Suspense>
      ) : null}
    </Space>
  );
}
