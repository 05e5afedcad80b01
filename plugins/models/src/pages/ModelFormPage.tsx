import { rememberCreated, SiteTreeSelect, takeCreated, translate, useSession } from '@phonefleet/sdk/ui';
import { Button, Card, Form, Input, message, Result, Select, Space, Spin, Steps, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  addModelTemplate,
  fetchModelTemplate,
  fetchSupportedModels,
  type ModelTemplate,
  type ModelTemplateInput,
  updateModelTemplate,
} from '../api.js';
import { addModelPath, MODEL_LIST, modelParamsPath } from '../links.js';
import { type ModelTextKey, modelText } from '../texts.js';

interface Values {
  name: string;
  model: string | undefined;
  siteId: number | undefined;
  description?: string;
}

/** After validation: model and site are required. */
function inputOf(values: Values): ModelTemplateInput {
  return {
    name: values.name.trim(),
    description: values.description?.trim() ?? '',
    model: values.model ?? '',
    siteId: values.siteId ?? 0,
  };
}

/**
 * The model template wizard's first step: /model/addModel (query templateName, site, modelName,
 * modelDesc fill the form) creates the template, /model/editModel?id= changes its name and
 * description; Next then opens the parameters plugin's /model/setParam, whose Save returns to the
 * model list showing the finish step.
 */
export function ModelFormPage({ mode }: { mode: 'add' | 'edit' }) {
  const { language } = useSession();
  const t = useCallback(
    (key: ModelTextKey, values?: Record<string, string | number>) => modelText(key, language, values),
    [language],
  );
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [models, setModels] = useState<string[]>([]);
  const [template, setTemplate] = useState<ModelTemplate | null | undefined>(
    mode === 'edit' ? undefined : null,
  );
  const editId = Number(query.get('id')) || 0;
  const [initial] = useState(() => ({
    name: query.get('templateName') ?? '',
    description: query.get('modelDesc') ?? '',
    model: query.get('modelName') ?? undefined,
    siteId: Number(query.get('site')) || undefined,
  }));

  useEffect(() => {
    fetchSupportedModels()
      .then(setModels)
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    // Back on the first step: no finish step is pending.
    takeCreated('model');
    if (mode === 'add') return;
    let current = true;
    fetchModelTemplate(editId)
      .then((found) => {
        if (!current) return;
        setTemplate(found);
        form.setFieldsValue(found);
      })
      .catch(() => {
        if (current) setTemplate(null);
      });
    return () => {
      current = false;
    };
  }, [mode, editId, form]);

  const submit = async (next: 'list' | 'params') => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const input = inputOf(values);
    setSaving(true);
    try {
      let saved: ModelTemplate | (ModelTemplateInput & { id: number });
      if (mode === 'add') {
        saved = { ...input, id: (await addModelTemplate(input)).id };
        // Back from set parameters shows what was typed.
        await navigate(addModelPath(input), { replace: true });
      } else if (template) {
        await updateModelTemplate({ id: template.id, name: input.name, description: input.description });
        saved = { ...template, name: input.name, description: input.description };
      } else {
        return;
      }
      if (next === 'list') {
        message.success(t('saved'));
        navigate(MODEL_LIST);
        return;
      }
      rememberCreated('model', { id: saved.id, name: saved.name });
      navigate(modelParamsPath(saved, mode === 'add'));
    } catch {
      // shown by the api client (a template for this model already in the site, unknown model ...)
    } finally {
      setSaving(false);
    }
  };

  const required = { required: true, message: translate('fieldRequired', language) };
  if (template === undefined) return <Spin style={{ display: 'block', padding: 64 }} />;
  if (mode === 'edit' && template === null) {
    return (
      <Result
        status="warning"
        title={t('notFound')}
        extra={<Button onClick={() => navigate(MODEL_LIST)}>{t('cancel')}</Button>}
      />
    );
  }
  const fixed = mode === 'edit';
  return (
    <Card data-testid="model-form">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {mode === 'add' ? t('addModel') : t('editModel')}
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
          name="name"
          label={t('name')}
          rules={[
            { ...required, whitespace: true },
            { max: 128, message: translate('nameTooLong', language) },
          ]}
        >
          <Input data-testid="model-name" />
        </Form.Item>
        <Form.Item name="model" label={t('model')} rules={fixed ? [] : [required]}>
          <Select
            data-testid="model-model"
            disabled={fixed}
            showSearch
            options={models.map((model) => ({ value: model, label: model }))}
          />
        </Form.Item>
        <Form.Item name="siteId" label={t('site')} rules={fixed ? [] : [{ ...required, type: 'number' }]}>
          <SiteTreeSelect data-testid="model-site" disabled={fixed} />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('description')}
          rules={[{ max: 500, message: translate('descriptionTooLong', language) }]}
        >
          <Input.TextArea rows={4} data-testid="model-desc" />
        </Form.Item>
        <Space>
          <Button onClick={() => navigate(MODEL_LIST)}>{t('cancel')}</Button>
          {fixed ? (
            <Button onClick={() => submit('list')} loading={saving}>
              {t('save')}
            </Button>
          ) : null}
          <Button type="primary" onClick={() => submit('params')} loading={saving} data-testid="model-next">
            {t('next')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
