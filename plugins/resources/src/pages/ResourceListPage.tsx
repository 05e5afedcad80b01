import type { ResourceRow } from '@phonefleet/sdk';
import {
  createdColumn,
  deleteAction,
  type FleetColumn,
  formatBytes,
  ListPage,
  RESOURCE_TYPES,
  type ResourceType,
  resourceTypeName,
  useSession,
  useTexts,
} from '@phonefleet/sdk/ui';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_SORT, type ResourceFilters, removeResources, searchResources } from '../api.js';
import { PushDialog } from '../components/PushDialog.js';
import { editPath, POWER, UPLOAD_PATH } from '../links.js';
import { resourceText } from '../texts.js';

const LONG_TEXT = { maxWidth: 240 } as const;

/**
 * /otherResources (spec §2, §3, §5): name, type, site, file name and size, description, created;
 * keywords (name), site (following the sidebar's site filter) and type filters; sorted by name,
 * type, size or creation; Upload, Edit, Push and Delete, each shown only with its button of
 * `otherResources`.
 */
export function ResourceListPage() {
  const { zoneOffset, language } = useSession();
  const t = useTexts(resourceText);
  const navigate = useNavigate();
  // The resource of the push dialog, kept while it closes (its notice outlives it).
  const [pushing, setPushing] = useState<{ resource: ResourceRow; open: boolean } | null>(null);

  const columns = useMemo<FleetColumn<ResourceRow>[]>(
    () => [
      { key: 'name', title: t('name'), dataIndex: 'name', sorter: true, ...LONG_TEXT },
      {
        key: 'type',
        title: t('type'),
        dataIndex: 'type',
        sorter: true,
        render: (value: number) => resourceTypeName(value, language),
      },
      { key: 'siteName', title: t('site'), dataIndex: 'siteName', ...LONG_TEXT },
      { key: 'fileName', title: t('fileName'), dataIndex: 'fileName', ...LONG_TEXT },
      {
        key: 'size',
        title: t('size'),
        dataIndex: 'size',
        sorter: true,
        render: (value: number) => formatBytes(value),
      },
      { key: 'description', title: t('description'), dataIndex: 'description', ...LONG_TEXT },
      createdColumn(t('created'), zoneOffset),
    ],
    [t, language, zoneOffset],
  );
  const remove = deleteAction({
    run: removeResources,
    confirm: { title: t('deleteTitle'), content: (count) => t('deleteContent', { count }) },
  });

  return (
    <ListPage<ResourceRow, ResourceFilters>
      power={POWER}
      tableId="resources"
      testId="resource-list"
      title={t('list')}
      columns={columns}
      request={searchResources}
      defaultSort={DEFAULT_SORT}
      keywords={{ placeholder: t('keywords'), testId: 'resource-search', width: 240 }}
      site={{ followSidebar: true, testId: 'resource-site-filter' }}
      moreFilters={(set) => (
        <Select<ResourceType>
          allowClear
          placeholder={t('allTypes')}
          style={{ width: 220 }}
          options={RESOURCE_TYPES.map((type) => ({ value: type, label: resourceTypeName(type, language) }))}
          onChange={(type) => set({ type })}
          id="resource-type-filter"
          data-testid="resource-type-filter"
        />
      )}
      toolbar={[
        {
          key: 'upload',
          label: t('upload'),
          button: 'upload',
          primary: true,
          testId: 'resource-upload',
          onClick: () => navigate(UPLOAD_PATH),
        },
        remove,
      ]}
      rowActions={(resource) => [
        { key: 'edit', button: 'edit', onClick: () => navigate(editPath(resource.id)) },
        {
          key: 'push',
          button: 'push',
          testId: 'resource-push',
          onClick: () => setPushing({ resource, open: true }),
        },
        remove,
      ]}
    >
      <PushDialog
        resource={pushing?.resource ?? null}
        open={pushing?.open === true}
        onClose={() => setPushing((current) => current && { ...current, open: false })}
      />
    </ListPage>
  );
}
