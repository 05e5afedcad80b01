import {
  ExecutionModeDialog,
  type FleetColumn,
  FleetTable,
  type FleetTableActions,
  type FleetTableQuery,
  formatDateTime,
  SiteTreeSelect,
  useSession,
  useWizardFinished,
  WizardFinished,
} from '@phonefleet/sdk/ui';
import { Button, Input, Modal, message, Space, Typography } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  deleteModelTemplates,
  fetchModelTemplate,
  type ModelTemplate,
  pushModelTemplate,
  searchModelTemplates,
} from '../api.js';
import { addModelPath, editModelPath, modelParamsPath } from '../links.js';
import { type ModelTextKey, modelText } from '../texts.js';

/**
 * The model templates (spec §2 /model): searchable by keywords and site, with add, edit, set
 * parameters, push and delete, each shown only with its permission button.
 */
export function ModelListPage() {
  const { language, zoneOffset, hasButton } = useSession();
  const t = useCallback(
    (key: ModelTextKey, values?: Record<string, string | number>) => modelText(key, language, values),
    [language],
  );
  const navigate = useNavigate();
  const [messageApi, messageHolder] = message.useMessage();
  const [modal, modalHolder] = Modal.useModal();
  const table = useRef<FleetTableActions>(null);
  const [keywords, setKeywords] = useState('');
  const [site, setSite] = useState<number | undefined>();
  const [selected, setSelected] = useState<number[]>([]);
  const [pushing, setPushing] = useState<ModelTemplate | null>(null);

  const [finished, closeFinished] = useWizardFinished('model', (id) => fetchModelTemplate(id, true));

  const request = useCallback(
    (query: FleetTableQuery) => searchModelTemplates(query, { keywords, site }),
    [keywords, site],
  );

  const confirmDelete = useCallback(
    (ids: number[]) =>
      modal.confirm({
        title: t('deleteTitle'),
        content: t('deleteContent', { count: ids.length }),
        okButtonProps: { danger: true },
        okText: t('delete'),
        cancelText: t('cancel'),
        onOk: async () => {
          await deleteModelTemplates(ids);
          messageApi.success(t('deleted'));
          setSelected((keys) => keys.filter((key) => !ids.includes(key)));
          table.current?.reload();
        },
      }),
    [modal, t, messageApi],
  );

  const columns = useMemo<FleetColumn<ModelTemplate>[]>(
    () => [
      { key: 'name', title: t('name'), dataIndex: 'name', sorter: true },
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
      {
        key: 'actions',
        title: t('actions'),
        render: (_: unknown, row: ModelTemplate) => (
          <Space size={0} wrap>
            {hasButton('model', 'edit') ? (
              <Button type="link" onClick={() => navigate(editModelPath(row.id))}>
                {t('edit')}
              </Button>
            ) : null}
            {hasButton('model', 'setParam') ? (
              <Button type="link" onClick={() => navigate(modelParamsPath(row, false))}>
                {t('setParam')}
              </Button>
            ) : null}
            {hasButton('model', 'push') ? (
              <Button type="link" onClick={() => setPushing(row)}>
                {t('push')}
              </Button>
            ) : null}
            {hasButton('model', 'delete') ? (
              <Button type="link" danger onClick={() => confirmDelete([row.id])}>
                {t('delete')}
              </Button>
            ) : null}
          </Space>
        ),
      },
    ],
    [t, zoneOffset, hasButton, navigate, confirmDelete],
  );

  return (
    <div data-testid="model-list">
      {messageHolder}
      {modalHolder}
      {finished ? (
        <WizardFinished
          steps={[t('stepBasic'), t('stepParams'), t('stepFinish')]}
          title={t('finished', { name: finished.name })}
          subTitle={t('finishedHint')}
          language={language}
          onClose={closeFinished}
        />
      ) : null}
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('title')}
      </Typography.Title>
      <FleetTable<ModelTemplate>
        tableId="model-templates"
        actionRef={table}
        columns={columns}
        request={request}
        params={{ keywords, site }}
        defaultSort={{ field: 'createTime', order: 'asc' }}
        rowKey="id"
        rowSelection={
          hasButton('model', 'delete')
            ? {
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                onChange: (keys) => setSelected(keys.map(Number)),
              }
            : undefined
        }
        toolbar={
          <>
            <Input.Search
              allowClear
              placeholder={t('searchKeywords')}
              onSearch={setKeywords}
              style={{ width: 240 }}
              data-testid="model-search"
            />
            <SiteTreeSelect allowClear placeholder={t('allSites')} value={site} onChange={setSite} />
            {hasButton('model', 'add') ? (
              <Button type="primary" onClick={() => navigate(addModelPath())} data-testid="model-add">
                {t('add')}
              </Button>
            ) : null}
            {hasButton('model', 'delete') ? (
              <Button danger disabled={selected.length === 0} onClick={() => confirmDelete(selected)}>
                {t('delete')}
              </Button>
            ) : null}
          </>
        }
      />
      <ExecutionModeDialog
        open={pushing !== null}
        language={language}
        onCancel={() => setPushing(null)}
        onOk={(mode) => {
          const template = pushing;
          setPushing(null);
          if (!template) return;
          pushModelTemplate(template.id, mode)
            .then(() => messageApi.success({ content: t('taskCreated'), duration: 6 }))
            .catch(() => undefined);
        }}
      />
    </div>
  );
}
