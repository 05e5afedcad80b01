import { Breadcrumb } from 'antd';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useConsole } from '../app/console-context.js';
import type { RoutedEntry } from './menu-entries.js';

export interface BreadcrumbsProps {
  entry: RoutedEntry | undefined;
  /** Title of a host page (personal info) when no plugin owns the location. */
  pageTitle: string | undefined;
}

/** Hidden on home and 404 (spec §2); shows an upper-cased `subtitle` query value when present. */
export function Breadcrumbs({ entry, pageTitle }: BreadcrumbsProps) {
  const { t } = useConsole();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const current = entry?.title ?? pageTitle;
  if (pathname === '/' || !current) return null;
  const subtitle = params.get('subtitle');
  const items = [
    { key: 'home', title: <Link to="/">{t('home')}</Link> },
    {
      key: 'entry',
      title: entry && pathname !== entry.path ? <Link to={entry.path}>{current}</Link> : current,
    },
  ];
  if (entry && pathname !== entry.path) {
    const rest = pathname
      .slice(entry.path.length + 1)
      .split('/')
      .filter(Boolean);
    // A segment the plugin titled in its manifest shows that title (spec §2 breadcrumb).
    for (const [index, part] of rest.entries())
      items.push({ key: `part-${index}`, title: entry.subRoutes[part] ?? part });
  }
  if (subtitle) items.push({ key: 'subtitle', title: subtitle.toUpperCase() });
  return <Breadcrumb items={items} style={{ marginBottom: 16 }} data-testid="breadcrumb" />;
}
