import {
  apiPage,
  apiRequest,
  type FleetColumn,
  FleetTable,
  FormShell,
  formatDateTime,
  useFormShell,
  useSession,
} from '@phonefleet/sdk/ui';
import { Button, Form, Input, Modal, message, Tabs } from 'antd';
import { useConsole } from '../app/console-context.js';

interface Values {
  content: string;
  contact?: string;
}

interface ReceivedFeedback {
  id: number;
  userName: string;
  organisation: string;
  content: string;
  contact: string;
  createTime: string;
}

function SendFeedback({ onClose }: { onClose(): void }) {
  const { t } = useConsole();
  const [form] = Form.useForm<Values>();
  const shell = useFormShell({ form, cancelTo: onClose, guard: false });
  const send = () =>
    shell.submit(async (values) => {
      const reply = await apiRequest('POST', '/feedback/add', {
        body: { content: values.content.trim(), contact: (values.contact ?? '').trim() },
      });
      void message.success(reply.message);
      onClose();
    });
  return (
    <FormShell<Values>
      shell={shell}
      testId="feedback-form"
      card={false}
      width={false}
      formProps={{ layout: 'vertical' }}
      buttons={
        <Button type="primary" onClick={send} loading={shell.saving} data-testid="feedback-send">
          {t('feedbackSubmit')}
        </Button>
      }
    >
      <Form.Item
        name="content"
        label={t('feedbackContent')}
        rules={[{ required: true, whitespace: true, message: t('fieldEmpty') }, { max: 500 }]}
      >
        <Input.TextArea rows={6} maxLength={500} showCount data-testid="feedback-content" />
      </Form.Item>
      <Form.Item name="contact" label={t('feedbackContact')} rules={[{ max: 128 }]}>
        <Input maxLength={128} data-testid="feedback-contact" autoComplete="off" />
      </Form.Item>
    </FormShell>
  );
}

function ReceivedList() {
  const { t } = useConsole();
  const { zoneOffset } = useSession();
  const columns: FleetColumn<ReceivedFeedback>[] = [
    {
      key: 'createTime',
      title: t('feedbackTime'),
      dataIndex: 'createTime',
      width: 170,
      render: (value: string) => formatDateTime(value, zoneOffset),
    },
    { key: 'userName', title: t('feedbackFrom'), dataIndex: 'userName', width: 140 },
    {
      key: 'organisation',
      title: t('feedbackOrganisation'),
      dataIndex: 'organisation',
      width: 160,
      maxWidth: 160,
    },
    { key: 'content', title: t('feedbackContent'), dataIndex: 'content' },
    { key: 'contact', title: t('feedbackContact'), dataIndex: 'contact', width: 160 },
  ];
  return (
    <FleetTable<ReceivedFeedback>
      tableId="host-feedback"
      rowKey="id"
      columns={columns}
      scrollY={400}
      request={(query) =>
        apiPage<ReceivedFeedback>('POST', '/feedback/list', {
          body: { currentPage: query.currentPage, pageSize: query.pageSize },
        })
      }
    />
  );
}

/**
 * The header's feedback dialog (spec §2; docs/feedback.md): anyone signed in sends feedback; the
 * platform administrator also reads what was received, newest first. Loaded lazily.
 */
export default function FeedbackDialog({ onClose }: { onClose(): void }) {
  const { t, login } = useConsole();
  const administrator = login?.user.userType === 'admin';
  return (
    <Modal
      open
      title={t('feedback')}
      width={administrator ? 960 : 560}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {administrator ? (
        <Tabs
          items={[
            { key: 'send', label: t('feedbackSubmit'), children: <SendFeedback onClose={onClose} /> },
            { key: 'received', label: t('feedbackReceived'), children: <ReceivedList /> },
          ]}
        />
      ) : (
        <SendFeedback onClose={onClose} />
      )}
    </Modal>
  );
}
