import { rememberCreated, SiteTreeSelect, takeCreated, translate, useSession } from '@phonefleet/sdk/ui';
import { Button, Card, Form, Input, Modal, message, Result, Space, Spin, Steps, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { addSite, fetchSite, type SiteDetail, type SiteInput, updateSite } from '../api.js';
import { siteListPath, siteParamsPath } from '../links.js';
import { type SiteTextKey, siteText } from '../texts.js';

interface Values {
  siteName: string;
  parentId: number | undefined;
  siteDesc?: string;
}

/** After validation: the parent is required except for the default site, which has none. */
function inputOf(values: Values): SiteInput {
  return {
    siteName: values.siteName.trim(),
    siteDesc: values.siteDesc?.trim() ?? '',
    ...(values.parentId ? { parentId: values.parentId } : {}),
  };
}

/**
 * The site wizard's first step (spec §2 "Site template wizard: basic, set parameters, finish"):
 * /site/addSite?parentId= creates the site, /site/editSite?id= changes it; Next then opens the
 * parameters plugin's /site/setParam, whose Save returns to the site list showing the finish step.
 */
export function SiteFormPage({ mode }: { mode: 'add' | 'edit' }) {
  const { language } = useSession();
  const t = useCallback(
    (key: SiteTextKey, values?: Record<string, string | number>) => siteText(key, language, values),
    [language],
  );
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const [modal, modalHolder] = Modal.useModal();
  const [saving, setSaving] = useState(false);
  const [site, setSite] = useState<SiteDetail | null | undefined>(mode === 'edit' ? undefined : null);
  const editId = Number(query.get('id')) || 0;

  // The add page's query (parentId, and what was typed before going on to set parameters).
  const [initial] = useState(() => ({
    siteName: query.get('siteName') ?? '',
    siteDesc: query.get('siteDesc') ?? '',
    parentId: Number(query.get('parentId')) || undefined,
  }));

  useEffect(() => {
    // Back on the first step (after Cancel on set parameters): no finish step is pending.
    takeCreated('site');
    if (mode === 'add') return;
    let current = true;
    fetchSite(editId)
      .then((found) => {
        if (!current) return;
        setSite(found);
        form.setFieldsValue({
          siteName: found.siteName,
          siteDesc: found.siteDesc,
          parentId: found.parentId ?? undefined,
        });
      })
      .catch(() => {
        if (current) setSite(null);
      });
    return () => {
      current = false;
    };
  }, [mode, editId, form]);

  /** Asks first when the site moves: its devices' SIP accounts are unbound (spec §4, §8). */
  const confirmMove = (values: Values) =>
    new Promise<boolean>((resolve) => {
      if (!site || site.parentId === null || values.parentId === site.parentId) {
        resolve(true);
        return;
      }
      modal.confirm({
        title: t('moveTitle'),
        content: t('moveContent'),
        okText: t('save'),
        cancelText: t('cancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  const submit = async (next: 'list' | 'params') => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const input = inputOf(values);
    if (mode === 'edit' && !(await confirmMove(values))) return;
    setSaving(true);
    try {
      let id: number;
      if (mode === 'add') {
        id = (await addSite({ ...input, parentId: input.parentId ?? 0 })).id;
        // Back from set parameters shows what was typed.
        await navigate(
          { search: `?${new URLSearchParams({ ...input, parentId: String(input.parentId ?? '') })}` },
          { replace: true },
        );
      } else {
        id = editId;
        const { unboundDevices } = await updateSite({ ...input, id });
        if (unboundDevices > 0) message.info(t('unbound', { count: unboundDevices }));
      }
      if (next === 'list') {
        message.success(t('saved'));
        navigate(siteListPath(id));
        return;
      }
      rememberCreated('site', { id, name: input.siteName });
      navigate(siteParamsPath({ id, siteName: input.siteName }, mode === 'add'));
    } catch {
      // shown by the api client (duplicate name, parent gone, default site fixed ...)
    } finally {
      setSaving(false);
    }
  };

  const required = { required: true, whitespace: true, message: translate('fieldRequired', language) };
  if (site === undefined) return <Spin style={{ display: 'block', padding: 64 }} />;
  if (mode === 'edit' && site === null) {
    return (
      <Result
        status="warning"
        title={t('notFound')}
        extra={<Button onClick={() => navigate(siteListPath())}>{t('cancel')}</Button>}
      />
    );
  }
  return (
    <Card data-testid="site-form">
      {modalHolder}
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {mode === 'add' ? t('addSite') : t('editSite')}
      </Typography.Title>
      <Steps
        current={0}
        items={[{ title: t('stepBasic') }, { title: t('stepParams') }, { title: t('stepFinish') }]}
        style={{ maxWidth: 720, marginBottom: 32 }}
      />
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ maxWidth: 560 }}
        disabled={saving}
        initialValues={mode === 'add' ? initial : undefined}
      >
        <Form.Item
          name="siteName"
          label={t('siteName')}
          rules={[required, { max: 128, message: translate('nameTooLong', language) }]}
        >
          <Input data-testid="site-name" />
        </Form.Item>
        <Form.Item
          name="parentId"
          label={t('parentSite')}
          rules={site?.isDefault ? [] : [{ ...required, whitespace: false, type: 'number' }]}
        >
          <SiteTreeSelect data-testid="site-parent" excluded={site?.id} disabled={site?.isDefault === true} />
        </Form.Item>
        <Form.Item
          name="siteDesc"
          label={t('siteDesc')}
          rules={[{ max: 500, message: translate('descriptionTooLong', language) }]}
        >
          <Input.TextArea rows={4} data-testid="site-desc" />
        </Form.Item>
        <Space>
          <Button onClick={() => navigate(siteListPath(site?.id))}>{t('cancel')}</Button>
          {mode === 'edit' ? (
            <Button onClick={() => submit('list')} loading={saving}>
              {t('save')}
            </Button>
          ) : null}
          <Button type="primary" onClick={() => submit('params')} loading={saving} data-testid="site-next">
            {t('next')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
