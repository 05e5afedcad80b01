import type { SiteRow } from '@phonefleet/sdk';
import {
  EMPTY_CELL,
  formatDateTime,
  usePushDialog,
  useSession,
  useTexts,
  WizardFinished,
} from '@phonefleet/sdk/ui';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Input,
  Modal,
  message,
  Row,
  Space,
  Spin,
  Tag,
  Tree,
  Typography,
} from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  clearSiteParameters,
  deleteSites,
  fetchSite,
  fetchSiteTree,
  pushSite,
  type SiteNode,
} from '../api.js';
import { addSitePath, editSitePath, siteParamsPath } from '../links.js';
import { filterSites, siteIds } from '../site-tree.js';
import { siteText } from '../texts.js';

interface TreeItem {
  key: number;
  title: string;
  children?: TreeItem[];
}

function treeItems(nodes: readonly SiteNode[], withOrg: boolean): TreeItem[] {
  return nodes.map((node) => ({
    key: node.id,
    title: `${node.siteName}${withOrg && node.parentId === null ? ` · ${node.orgName}` : ''} (${node.deviceCount})`,
    ...(node.childSite.length > 0 ? { children: treeItems(node.childSite, withOrg) } : {}),
  }));
}

/**
 * The site area (spec §2 /site): the site tree of the caller's scope on the left, the chosen site
 * on the right with its actions (add child site, edit, set parameters, push, clear parameters,
 * delete), each shown only with its permission button.
 */
export function SiteListPage() {
  const { zoneOffset, hasButton } = useSession();
  const t = useTexts(siteText);
  const navigate = useNavigate();
  const [query, setQuery] = useSearchParams();
  const [messageApi, messageHolder] = message.useMessage();
  const [modal, modalHolder] = Modal.useModal();

  const [tree, setTree] = useState<SiteNode[] | null>(null);
  const [keywords, setKeywords] = useState('');
  const [expanded, setExpanded] = useState<number[]>([]);
  const [detail, setDetail] = useState<SiteRow | null>(null);
  const [detailLoading, setDetailLoading] = useState(false);
  const pushing = usePushDialog((site: SiteRow, mode) => pushSite(site.id, mode));
  const [version, setVersion] = useState(0);

  const selectedId = Number(query.get('siteId')) || undefined;
  const select = useCallback(
    (id: number | undefined) => setQuery(id === undefined ? {} : { siteId: String(id) }, { replace: true }),
    [setQuery],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the Refresh (and after-change) trigger
  useEffect(() => {
    let current = true;
    fetchSiteTree()
      .then((roots) => {
        if (!current) return;
        setTree(roots);
        setExpanded(siteIds(roots));
      })
      .catch(() => {
        if (current) setTree((previous) => previous ?? []);
      });
    return () => {
      current = false;
    };
  }, [version]);

  const chosen = selectedId ?? tree?.[0]?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the Refresh (and after-change) trigger
  useEffect(() => {
    if (chosen === undefined) {
      setDetail(null);
      return;
    }
    let current = true;
    setDetailLoading(true);
    fetchSite(chosen)
      .then((site) => {
        if (current) setDetail(site);
      })
      .catch(() => {
        if (current) setDetail(null);
      })
      .finally(() => {
        if (current) setDetailLoading(false);
      });
    return () => {
      current = false;
    };
  }, [chosen, version]);

  const shown = useMemo(() => filterSites(tree ?? [], keywords), [tree, keywords]);
  const items = useMemo(() => treeItems(shown, (tree?.length ?? 0) > 1), [shown, tree]);
  const reload = () => setVersion((v) => v + 1);

  const onSearch = (value: string) => {
    setKeywords(value);
    setExpanded(siteIds(filterSites(tree ?? [], value)));
  };

  const confirmDelete = (site: SiteRow) =>
    modal.confirm({
      title: t('deleteTitle'),
      content: t('deleteContent', { name: site.siteName }),
      okButtonProps: { danger: true },
      okText: t('delete'),
      cancelText: t('cancel'),
      onOk: async () => {
        await deleteSites([site.id]);
        messageApi.success(t('deleted'));
        select(site.parentId ?? undefined);
        reload();
      },
    });

  const confirmClear = (site: SiteRow) =>
    modal.confirm({
      title: t('clearTitle'),
      content: t('clearContent', { name: site.siteName }),
      okButtonProps: { danger: true },
      okText: t('clearParams'),
      cancelText: t('cancel'),
      onOk: async () => {
        await clearSiteParameters([site.id]);
        messageApi.success(t('deleted'));
        reload();
      },
    });

  const actions = detail ? (
    <Space wrap data-testid="site-actions">
      {hasButton('site', 'add') ? (
        <Button type="primary" onClick={() => navigate(addSitePath(detail.id))}>
          {t('addChild')}
        </Button>
      ) : null}
      {hasButton('site', 'edit') ? (
        <Button onClick={() => navigate(editSitePath(detail.id))}>{t('edit')}</Button>
      ) : null}
      {hasButton('site', 'setParam') ? (
        <Button onClick={() => navigate(siteParamsPath(detail, false))}>{t('setParam')}</Button>
      ) : null}
      {hasButton('site', 'push') ? <Button onClick={() => pushing.ask(detail)}>{t('push')}</Button> : null}
      {hasButton('site', 'delete') && detail.hasConfig ? (
        <Button onClick={() => confirmClear(detail)}>{t('clearParams')}</Button>
      ) : null}
      {hasButton('site', 'delete') ? (
        <Button
          danger
          disabled={detail.isDefault}
          title={detail.isDefault ? t('defaultFixed') : undefined}
          onClick={() => confirmDelete(detail)}
        >
          {t('delete')}
        </Button>
      ) : null}
    </Space>
  ) : null;

  return (
    <div data-testid="site-list">
      {messageHolder}
      {modalHolder}
      <WizardFinished
        area="site"
        steps={[t('basic')]}
        exists={(id) => fetchSite(id, true)}
        onFound={(created) => select(created.id)}
        title={(name) => t('finished', { name })}
        subTitle={t('finishedHint')}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={9} xl={8}>
          <Card
            title={t('sites')}
            extra={
              <Button size="small" onClick={reload}>
                {t('refresh')}
              </Button>
            }
          >
            <Input.Search
              allowClear
              placeholder={t('searchSites')}
              onSearch={onSearch}
              onChange={(event) => onSearch(event.target.value)}
              style={{ marginBottom: 12 }}
              data-testid="site-search"
            />
            {tree === null ? (
              <Spin />
            ) : items.length === 0 ? (
              <Empty description={t('noSites')} />
            ) : (
              <Tree<TreeItem>
                data-testid="site-tree"
                treeData={items}
                expandedKeys={expanded}
                onExpand={(keys) => setExpanded(keys.map(Number))}
                selectedKeys={chosen === undefined ? [] : [chosen]}
                onSelect={(keys) => {
                  if (keys.length > 0) select(Number(keys[0]));
                }}
                blockNode
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={15} xl={16}>
          <Card
            title={detail?.siteName ?? t('sites')}
            loading={detailLoading && !detail}
            data-testid="site-detail"
          >
            {detail ? (
              <>
                {actions}
                <Descriptions column={{ xs: 1, md: 2 }} style={{ marginTop: 16 }} bordered size="small">
                  <Descriptions.Item label={t('siteName')}>
                    {detail.siteName}
                    {detail.isDefault ? (
                      <Tag color="blue" style={{ marginLeft: 8 }}>
                        {t('defaultSite')}
                      </Tag>
                    ) : null}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('parentSite')}>
                    {detail.parentName ?? EMPTY_CELL}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('devices')}>{detail.deviceCount}</Descriptions.Item>
                  <Descriptions.Item label={t('parameters')}>
                    {detail.hasConfig ? t('configured') : t('notConfigured')}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('created')}>
                    {formatDateTime(detail.createTime, zoneOffset) || EMPTY_CELL}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('description')} span={2}>
                    <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                      {detail.siteDesc || EMPTY_CELL}
                    </Typography.Paragraph>
                  </Descriptions.Item>
                </Descriptions>
              </>
            ) : (
              <Empty description={t('noSelection')} />
            )}
          </Card>
        </Col>
      </Row>
      {pushing.dialog}
    </div>
  );
}
