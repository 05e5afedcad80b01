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
import { Form, Input, message } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { addSite, fetchSite, type SiteInput, updateSite } from '../api.js';
import { siteListPath, siteParamsPath } from '../links.js';
import { siteText } from '../texts.js';

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
  const t = useTexts(siteText);
  const rules = useFieldRules();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const editId = Number(query.get('id')) || 0;
  const site = useEditedRecord(mode === 'edit' ? editId : undefined, fetchSite, (found) =>
    form.setFieldsValue({
      siteName: found.siteName,
      siteDesc: found.siteDesc,
      parentId: found.parentId ?? undefined,
    }),
  );
  const shell = useFormShell({
    form,
    cancelTo: siteListPath(site?.id),
    fieldErrors: { siteNameExists: 'siteName', siteParentInvalid: 'parentId', siteDefaultFixed: 'parentId' },
  });

  // The add page's query (parentId, and what was typed before going on to set parameters).
  const [initial] = useState(() => ({
    siteName: query.get('siteName') ?? '',
    siteDesc: query.get('siteDesc') ?? '',
    parentId: Number(query.get('parentId')) || undefined,
  }));

  const save = (next: 'list' | 'params') =>
    shell.submit(async (values) => {
      const input = inputOf(values);
      let id = editId;
      if (site) {
        // Moving the site unbinds its devices' SIP accounts: ask first (spec §4, §8).
        const moves = site.parentId !== null && values.parentId !== site.parentId;
        if (
          moves &&
          !(await shell.confirm({ title: t('moveTitle'), content: t('moveContent'), okText: t('save') }))
        )
          return false;
        const { unboundDevices } = await updateSite({ ...input, id });
        if (unboundDevices > 0) message.info(t('unbound', { count: unboundDevices }));
      } else {
        id = (await addSite({ ...input, parentId: input.parentId ?? 0 })).id;
        // Back from set parameters shows what was typed.
        await navigate(
          { search: `?${new URLSearchParams({ ...input, parentId: String(input.parentId ?? '') })}` },
          { replace: true },
        );
      }
      if (next === 'list') {
        message.success(t('saved'));
        navigate(siteListPath(id));
        return;
      }
      rememberCreated('site', { id, name: input.siteName });
      navigate(siteParamsPath({ id, siteName: input.siteName }, mode === 'add'), {
        state: wizardState([t('basic')]),
      });
    });

  return (
    <FormShell
      shell={shell}
      title={mode === 'add' ? t('addSite') : t('editSite')}
      testId="site-form"
      loading={site === undefined}
      missing={mode === 'edit' && site === null ? t('notFound') : undefined}
      wizard={{
        area: 'site',
        steps: [t('basic')],
        current: 0,
        onNext: () => save('params'),
        ...(mode === 'edit' ? { onSave: () => save('list') } : {}),
        nextTestId: 'site-next',
      }}
      formProps={{ initialValues: mode === 'add' ? initial : undefined }}
    >
      <Form.Item name="siteName" label={t('siteName')} rules={rules.name}>
        <Input data-testid="site-name" />
      </Form.Item>
      <Form.Item
        name="parentId"
        label={t('parentSite')}
        rules={site?.isDefault ? [] : [{ ...rules.required, type: 'number' }]}
      >
        <SiteTreeSelect data-testid="site-parent" excluded={site?.id} disabled={site?.isDefault === true} />
      </Form.Item>
      <Form.Item name="siteDesc" label={t('description')} rules={rules.description}>
        <Input.TextArea rows={4} data-testid="site-desc" />
      </Form.Item>
    </FormShell>
  );
}
