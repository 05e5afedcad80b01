import { ProLayout } from '@ant-design/pro-layout';
import { browserOffset, SessionProvider } from '@phonefleet/sdk/ui/core';
import { Spin } from 'antd';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Link, Route, Routes, useLocation } from 'react-router';
import { useConsole } from '../app/console-context.js';
import { NotFoundPage, preloadLaterParts } from '../app/later-parts.js';
import { consoleTitle } from '../app/page-title.js';
import { LanguageSwitch } from '../components/LanguageSwitch.js';
import { PluginRoute } from '../federation/PluginRoute.js';
import { Breadcrumbs } from './Breadcrumbs.js';
import { ConsoleFooter } from './ConsoleFooter.js';
import { SiteFilterPlaceholder } from './ControlPlaceholder.js';
import { EnteredEnterprise } from './EnteredEnterprise.js';
import { HeaderLinks } from './HeaderLinks.js';
import { LoadingOverlay } from './LoadingOverlay.js';
import { entryFor, menuEntries } from './menu-entries.js';
import { menuIcon } from './menu-icons.js';
import { NoticeBell } from './NoticeBell.js';
import { UserMenu } from './UserMenu.js';
import { useCollapsed } from './use-collapsed.js';
import { usePlugins } from './use-plugins.js';
import { useSiteFilter } from './use-site-filter.js';

/**
 * The signed-in shell: sidebar from the permitted plugins' menus, header, breadcrumb, footer, and a
 * route per menu entry that mounts the plugin's remote. Loaded lazily, so the login page does not
 * pay for it. ProLayout comes from `@ant-design/pro-layout` (the package pro-components re-exports
 * it from), bundled here and tree-shaken: the shared `@ant-design/pro-components` is whole, and
 * only the areas that use it load it.
 */
/**
 * Fetched after the first paint, in the place of a same-size placeholder (bench/bundle-size.ts
 * counts it apart, like the footer's time-zone select): the site tree brings antd's select and tree
 * with their rc-* libraries, which nothing else on the first page needs.
 */
const SiteFilter = lazy(() => import('./SiteFilter.js'));
/** The basic personal page (when no plugin provides one) loads with its route. */
const PersonalInfoPage = lazy(() =>
  import('../pages/PersonalInfoPage.js').then((page) => ({ default: page.PersonalInfoPage })),
);
/** The blocking backup/restore/upgrade dialog: a refusal before it loads waits for it (sdk `showOperation`). */
const OperationDialog = lazy(() => import('./operation-dialog.js'));

export default function ConsoleLayout() {
  const { t, login, language, config, timeZone } = useConsole();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useCollapsed();
  // The layout is only routed when signed in (RequireSession).
  const { plugins, loading } = usePlugins(login!);
  const entries = useMemo(() => menuEntries(plugins, language), [plugins, language]);
  const entry = entryFor(entries, pathname);
  const [siteFilter, setSiteFilter] = useSiteFilter(login?.user.id ?? 0);
  useEffect(preloadLaterParts, []);

  if (!login) return null;
  const zoneOffset = timeZone?.offset ?? login.user.zoneOffset ?? browserOffset();
  const menuRoutes = entries
    .filter((item) => !item.hideInMenu)
    .map((item) => ({ path: item.path, name: item.title, icon: menuIcon(item.icon), key: item.path }));

  return (
    <SessionProvider login={login} language={language} zoneOffset={zoneOffset} siteFilter={siteFilter}>
      <ProLayout
        title={consoleTitle(config)}
        logo={false}
        layout="mix"
        fixSiderbar
        fixedHeader
        collapsed={collapsed}
        onCollapse={setCollapsed}
        breakpoint={false}
        location={{ pathname }}
        menuDataRender={() => menuRoutes}
        menuExtraRender={({ collapsed: folded }) =>
          folded ? null : (
            <Suspense fallback={<SiteFilterPlaceholder text={t('siteFilter')} />}>
              <SiteFilter value={siteFilter} onChange={setSiteFilter} placeholder={t('siteFilter')} />
            </Suspense>
          )
        }
        pageTitleRender={false}
        menu={{ locale: false }}
        selectedKeys={entry ? [entry.path] : []}
        menuItemRender={(item, dom) => (item.path ? <Link to={item.path}>{dom}</Link> : dom)}
        breadcrumbRender={false}
        actionsRender={() => [
          <EnteredEnterprise key="entered" />,
          <HeaderLinks key="links" />,
          <NoticeBell key="notices" />,
          <LanguageSwitch key="language" />,
          <UserMenu key="user" />,
        ]}
        footerRender={() => <ConsoleFooter />}
        token={{
          pageContainer: { paddingBlockPageContainerContent: 24, paddingInlinePageContainerContent: 24 },
        }}
      >
        <div
          style={{ minHeight: 'calc(100vh - 56px - 120px)', position: 'relative' }}
          data-testid="console-content"
        >
          <LoadingOverlay />
          {loading ? (
            <div style={{ padding: 64, textAlign: 'center' }}>
              <Spin size="large" tip={t('loading')}>
                <span />
              </Spin>
            </div>
          ) : (
            <>
              <Breadcrumbs
                entry={entry}
                pageTitle={pathname.startsWith('/personnalInfo') ? t('personalInfo') : undefined}
              />
              <Routes>
                {entries.map((item) =>
                  item.path === '/' ? (
                    <Route
                      key={item.path}
                      index
                      element={<PluginRoute plugin={item.plugin} basePath="/" />}
                    />
                  ) : (
                    <Route
                      key={item.path}
                      path={`${item.path}/*`}
                      element={<PluginRoute plugin={item.plugin} basePath={item.path} />}
                    />
                  ),
                )}
                {/* The users plugin's page when it is there; the basic one otherwise. */}
                {entries.some((item) => item.path === '/personnalInfo') ? null : (
                  <Route
                    path="personnalInfo"
                    element={
                      <Suspense fallback={null}>
                        <PersonalInfoPage />
                      </Suspense>
                    }
                  />
                )}
                <Route
                  path="*"
                  element={
                    <Suspense fallback={null}>
                      <NotFoundPage />
                    </Suspense>
                  }
                />
              </Routes>
            </>
          )}
        </div>
      </ProLayout>
      <Suspense fallback={null}>
        <OperationDialog />
      </Suspense>
    </SessionProvider>
  );
}
