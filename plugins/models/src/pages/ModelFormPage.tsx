import type { ModelTemplateRow } from '@phonefleet/sdk';
import {
  FormShell,
  rememberCreated,
  SiteTreeSelect,
  useEditedRecord,
  useFieldRules,
  useFormShell,
  useTexts,
  wizardState,
} from '@phonefleet/sdk/ui';
import { Form, Input, message, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  addModelTemplate,
  fetchModelTemplate,
  fetchSupportedModels,
  type ModelTemplateInput,
  updateModelTemplate,
} from '../api.js';
import { addModelPath, MODEL_LIST, modelParamsPath } from '../links.js';
import { modelText } from '../texts.js';

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
  const t = useTexts(modelText);
  const rules = useFieldRules();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const shell = useFormShell({
    form,
    cancelTo: MODEL_LIST,
    fieldErrors: { modelTemplateExists: 'model', unknownModel: 'model' },
  });
  const [models, setModels] = useState<string[]>([]);
  const template = useEditedRecord(
    mode === 'edit' ? Number(query.get('id')) || 0 : undefined,
    fetchModelTemplate,
    (found) => form.setFieldsValue(found),
  );
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

  const save = (next: 'list' | 'params') =>
    shell.submit(async (values) => {
      const input = inputOf(values);
      let saved: ModelTemplateRow | (ModelTemplateInput & { id: number });
      if (template) {
        await updateModelTemplate({ id: template.id, name: input.name, description: input.description });
        saved = { ...template, name: input.name, description: input.description };
      } else {
        saved = { ...input, id: (await addModelTemplate(input)).id };
        // Back from set parameters shows what was typed.
        await navigate(addModelPath(input), { replace: true });
      }
      if (next === 'list') {
        message.success(t('saved'));
        navigate(MODEL_LIST);
        return;
      }
      rememberCreated('model', { id: saved.id, name: saved.name });
      navigate(modelParamsPath(saved, mode === 'add'), { state: wizardState([t('stepBasic')]) });
    });

  const fixed = mode === 'edit';
  return (
    <FormShell
      shell={shell}
      title={mode === 'add' ? t('addModel') : t('editModel')}
      testId="model-form"
      loading={template === undefined}
      missing={mode === 'edit' && template === null ? t('notFound') : undefined}
      wizard={{
        area: 'model',
        steps: [t('stepBasic')],
        current: 0,
        onNext: () => save('params'),
        ...(fixed ? { onSave: () => save('list') } : {}),
        nextTestId: 'model-next',
      }}
      formProps={{ initialValues: mode === 'add' ? initial : undefined }}
    >
      <Form.Item name="name" label={t('templateName')} rules={rules.name}>
        <Input data-testid="model-name" />
      </Form.Item>
      <Form.Item name="model" label={t('model')} rules={fixed ? [] : [rules.required]}>
        <Select
          data-testid="model-model"
          disabled={fixed}
          showSearch
          options={models.map((model) => ({ value: model, label: model }))}
        />
      </Form.Item>
      <Form.Item name="siteId" label={t('site')} rules={fixed ? [] : [{ ...rules.required, type: 'number' }]}>
        <SiteTreeSelect data-testid="model-site" disabled={fixed} />
      </Form.Item>
      <Form.Item name="description" label={t('description')} rules={rules.description}>
        <Input.TextArea rows={4} data-testid="model-desc" />
      </Form.Item>
    </FormShell>
  );
}
