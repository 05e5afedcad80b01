import type { NotificationInput } from '@phonefleet/sdk';
import { FormShell, translate, useFormShell, useLanguage, useTexts } from '@phonefleet/sdk/ui';
import { Alert, Button, Form, Input, message, Radio, Spin, Tag } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { fetchChannel, fetchEnterprise, type OrganisationArea, sendNotification } from '../api.js';
import { idsOf, LIST_PATH } from '../links.js';
import { orgText } from '../texts.js';

type Values = Pick<NotificationInput, 'template' | 'title' | 'body'>;

/** Spec §5: notification title at most 500, body at most 10,000 characters. */
export const TITLE_MAX = 500;
export const BODY_MAX = 10_000;

/** The chosen organisations' names (silent: one that is gone is left out). */
function useRecipients(
  area: OrganisationArea,
  ids: readonly number[],
): { id: number; name: string }[] | undefined {
  const [found, setFound] = useState<{ id: number; name: string }[]>();
  const key = ids.join(',');
  useEffect(() => {
    let current = true;
    const fetchOne = area === 'channel' ? fetchChannel : fetchEnterprise;
    Promise.all(
      idsOf(key).map((id) =>
        fetchOne(id, true)
          .then((row) => ({ id: row.id, name: row.name }))
          .catch(() => null),
      ),
    ).then((rows) => {
      if (current) setFound(rows.filter((row) => row !== null));
    });
    return () => {
      current = false;
    };
  }, [area, key]);
  return found;
}

/**
 * /enterpriseManagement/sendEmail?ids= (and /channelManagement/sendEmail?ids=): a notice to the
 * register emails of the organisations chosen in the list, with the English or Chinese template,
 * a title and a body. Send queues one email each and says how many.
 */
export function SendEmailPage({ area }: { area: OrganisationArea }) {
  const t = useTexts(orgText);
  const language = useLanguage();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const shell = useFormShell({ form, cancelTo: LIST_PATH[area] });
  const recipients = useRecipients(area, idsOf(query.get('ids')));

  const required = translate('fieldRequired', language);
  const titleRules: Rule[] = [
    { required: true, whitespace: true, message: required },
    { max: TITLE_MAX, message: translate('descriptionTooLong', language) },
  ];
  const bodyRules: Rule[] = [
    { required: true, whitespace: true, message: required },
    { max: BODY_MAX, message: t('bodyTooLong') },
  ];

  const send = () =>
    shell.submit(async (values) => {
      if (!recipients || recipients.length === 0) return false;
      const queued = await sendNotification(area, {
        ids: recipients.map((row) => row.id),
        template: values.template,
        title: values.title.trim(),
        body: values.body,
      });
      void message.success(t('queued', { count: queued }));
      navigate(LIST_PATH[area]);
    });

  const none = recipients !== undefined && recipients.length === 0;
  return (
    <FormShell
      shell={shell}
      title={t('notification')}
      testId="send-email-form"
      width={720}
      formProps={{ initialValues: { template: language === 'zh-CN' ? 'zh' : 'en' } }}
      buttons={
        <Button
          type="primary"
          onClick={send}
          loading={shell.saving}
          disabled={recipients === undefined || none}
          data-testid="org-send"
        >
          {t('send')}
        </Button>
      }
    >
      <Form.Item label={t('recipients')} extra={t('recipientsHint')}>
        {recipients === undefined ? (
          <Spin size="small" />
        ) : none ? (
          <Alert type="warning" showIcon message={t('noRecipients')} />
        ) : (
          <div data-testid="org-recipients">
            {recipients.map((row) => (
              <Tag key={row.id}>{row.name}</Tag>
            ))}
          </div>
        )}
      </Form.Item>
      <Form.Item name="template" label={t('template')} extra={t('templateHint')}>
        <Radio.Group data-testid="org-template">
          <Radio value="en">{t('english')}</Radio>
          <Radio value="zh">{t('chinese')}</Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item name="title" label={t('title')} rules={titleRules}>
        <Input data-testid="org-mail-title" />
      </Form.Item>
      <Form.Item name="body" label={t('body')} rules={bodyRules}>
        <Input.TextArea rows={10} data-testid="org-mail-body" />
      </Form.Item>
    </FormShell>
  );
}
