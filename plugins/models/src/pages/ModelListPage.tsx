import type { ModelTemplateRow } from '@phonefleet/sdk';
import { ConfigurationListPage, type FleetColumn, useTexts } from '@phonefleet/sdk/ui';
import { useMemo } from 'react';
import { deleteModelTemplates, fetchModelTemplate, pushModelTemplate, searchModelTemplates } from '../api.js';
import { addModelPath, editModelPath, modelParamsPath } from '../links.js';
import { modelText } from '../texts.js';

/** The model templates (spec §2 /model): the kit's configuration list, searchable by keywords. */
export function ModelListPage() {
  const t = useTexts(modelText);
  const columns = useMemo<FleetColumn<ModelTemplateRow>[]>(
    () => [
      { key: 'model', title: t('model'), dataIndex: 'model', sorter: true },
      { key: 'siteName', title: t('site'), dataIndex: 'siteName', sorter: true },
    ],
    [t],
  );
  return (
    <ConfigurationListPage<ModelTemplateRow>
      area="model"
      tableId="model-templates"
      title={t('title')}
      name={{ field: 'name', title: t('templateName') }}
      columns={columns}
      keywordsPlaceholder={t('searchKeywords')}
      search={searchModelTemplates}
      remove={deleteModelTemplates}
      push={(template, mode) => pushModelTemplate(template.id, mode)}
      deleteConfirm={{ title: t('deleteTitle'), content: (count) => t('deleteContent', { count }) }}
      wizard={{
        steps: [t('stepBasic')],
        exists: (id) => fetchModelTemplate(id, true),
        title: (name) => t('finished', { name }),
        hint: t('finishedHint'),
      }}
      paths={{
        add: addModelPath(),
        edit: (template) => editModelPath(template.id),
        params: (template) => modelParamsPath(template, false),
      }}
    />
  );
}
