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
import { deleteGroups, fetchGroup, type Group, pushGroup, searchGroups } from '../api.js';
import { ADD_GROUP, editGroupPath, groupParamsPath } from '../links.js';
import { type GroupTextKey, groupText } from '../texts.js';

/**
 * The groups (spec §2 /group): searchable by name and site, sorted by creation (spec §9), with
 * add, edit, set parameters, push and delete, each shown only with its permission button.
 */
export function GroupListPage() {
  const { language, zoneOffset, hasButton } = useSession();
  const t = useCallback(
    (key: GroupTextKey, values?: Record<string, string | number>) => groupText(key, language, values),
    [language],
  );
  const navigate = useNavigate();
  const [messageApi, messageHolder] = message.useMessage();
  const [modal, modalHolder] = Modal.useModal();
  const table = useRef<FleetTableActions>(null);
  const [keywords, setKeywords] = useState('');
  const [site, setSite] = useState<number | undefined>();
  const [selected, setSelected] = useState<number[]>([]);
  const [pushing, setPushing] = useState<Group | null>(null);

  const [finished, closeFinished] = useWizardFinished('group', (id) => fetchGroup(id, true));

  const request = useCallback(
    (query: FleetTableQuery) => searchGroups(query, { keywords, site }),
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
          await deleteGroups(ids);
          messageApi.success(t('deleted'));
          setSelected((keys) => keys.filter((key) => !ids.includes(key)));
          table.current?.reload();
        },
      }),
    [modal, t, messageApi],
  );

  const columns = useMemo<FleetColumn<Group>[]>(
    () => [
      { key: 'groupName', title: t('groupName'), dataIndex: 'groupName', sorter: true },
      { key: 'description', title: t('description'), dataIndex: 'description', ellipsis: true },
      { key: 'siteName', title: t('site'), dataIndex: 'siteName' },
      { key: 'deviceCount', title: t('devices'), dataIndex: 'deviceCount', sorter: true },
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
        render: (_: unknown, row: Group) => (
          <Space size={0} wrap>
            {hasButton('group', 'edit') ? (
              <Button type="link" onClick={() => navigate(editGroupPath(row.id))}>
                {t('edit')}
              </Button>
            ) : null}
            {hasButton('group', 'setParam') ? (
              <Button type="link" onClick={() => navigate(groupParamsPath(row, false))}>
                {t('setParam')}
              </Button>
            ) : null}
            {hasButton('group', 'push') ? (
              <Button type="link" onClick={() => setPushing(row)}>
                {t('push')}
              </Button>
            ) : null}
            {hasButton('group', 'delete') ? (
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
    <div data-testid="group-list">
      {messageHolder}
      {modalHolder}
      {finished ? (
        <WizardFinished
          steps={[t('stepBasic'), t('stepDevices'), t('stepParams'), t('stepFinish')]}
          title={t('finished', { name: finished.name })}
          subTitle={t('finishedHint')}
          language={language}
          onClose={closeFinished}
        />
      ) : null}
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('title')}
      </Typography.Title>
      <FleetTable<Group>
        tableId="groups"
        actionRef={table}
        columns={columns}
        request={request}
        params={{ keywords, site }}
        defaultSort={{ field: 'createTime', order: 'asc' }}
        rowKey="id"
        rowSelection={
          hasButton('group', 'delete')
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
              placeholder={t('searchName')}
              onSearch={setKeywords}
              style={{ width: 240 }}
              data-testid="group-search"
            />
            <SiteTreeSelect allowClear placeholder={t('allSites')} value={site} onChange={setSite} />
            {hasButton('group', 'add') ? (
              <Button type="primary" onClick={() => navigate(ADD_GROUP)} data-testid="group-add">
                {t('add')}
              </Button>
            ) : null}
            {hasButton('group', 'delete') ? (
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
          const group = pushing;
          setPushing(null);
          if (!group) return;
          pushGroup(group.id, mode)
            .then(() => messageApi.success({ content: t('taskCreated'), duration: 6 }))
            .catch(() => undefined);
        }}
      />
    </div>
  );
}
