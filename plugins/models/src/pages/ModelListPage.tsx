import type { ModelTemplateRow } from '@phonefleet/sdk';
import {
  deleteAction,
  type FleetColumn,
  formatDateTime,
  ListPage,
  usePushDialog,
  useSession,
  useTexts,
  WizardFinished,
} from '@phonefleet/sdk/ui';
import { Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { deleteModelTemplates, fetchModelTemplate, pushModelTemplate, searchModelTemplates } from '../api.js';
import { addModelPath, editModelPath, modelParamsPath } from '../links.js';
import { modelText } from '../texts.js';

/**
 * The model templates (spec §2 /model): searchable by keywords and site, with add, edit, set
 * parameters, push and delete, each shown only with its permission button.
 */
export function ModelListPage() {
  const { zoneOffset } = useSession();
  const t = useTexts(modelText);
  const navigate = useNavigate();
  const [created, setCreated] = useState<number>();
  const pushing = usePushDialog((template: ModelTemplateRow, mode) => pushModelTemplate(template.id, mode));

  const columns = useMemo<FleetColumn<ModelTemplateRow>[]>(
    () => [
      {
        key: 'name',
        title: t('templateName'),
        dataIndex: 'name',
        sorter: true,
        // What the wizard just created stands out (its finish step is above the list).
        render: (value: string, row: ModelTemplateRow) =>
          row.id === created ? (
            <Typography.Text mark strong data-testid="created-name">
              {value}
            </Typography.Text>
          ) : (
            value
          ),
      },
      { key: 'description', title: t('description'), dataIndex: 'description', ellipsis: true },
      { key: 'model', title: t('model'), dataIndex: 'model', sorter: true },
      { key: 'siteName', title: t('site'), dataIndex: 'siteName', sorter: true },
      {
        key: 'createTime',
        title: t('created'),
        dataIndex: 'createTime',
        sorter: true,
        render: (value: string) => formatDateTime(value, zoneOffset),
      },
    ],
    [t, zoneOffset, created],
  );
  const remove = deleteAction({
    run: deleteModelTemplates,
    confirm: { title: t('deleteTitle'), content: (count) => t('deleteContent', { count }) },
  });

  return (
    <ListPage<ModelTemplateRow>
      power="model"
      tableId="model-templates"
      testId="model-list"
      title={t('title')}
      banner={
        <WizardFinished
          area="model"
          steps={[t('stepBasic')]}
          exists={(id) => fetchModelTemplate(id, true)}
          title={(name) => t('finished', { name })}
          subTitle={t('finishedHint')}
          onFound={(relation) => setCreated(relation.id)}
        />
      }
      columns={columns}
      request={searchModelTemplates}
      defaultSort={{ field: 'createTime', order: 'asc' }}
      keywords={{ placeholder: t('searchKeywords'), testId: 'model-search' }}
      site={{}}
      toolbar={[
        {
          key: 'add',
          button: 'add',
          primary: true,
          testId: 'model-add',
          onClick: () => navigate(addModelPath()),
        },
        remove,
      ]}
      rowActions={(template) => [
        { key: 'edit', button: 'edit', onClick: () => navigate(editModelPath(template.id)) },
        { key: 'setParam', button: 'setParam', onClick: () => navigate(modelParamsPath(template, false)) },
        { key: 'push', button: 'push', onClick: () => pushing.ask(template) },
        remove,
      ]}
    >
      {pushing.dialog}
    </ListPage>
  );
}
