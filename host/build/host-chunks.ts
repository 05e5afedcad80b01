import type { Module, ModuleGraph, OptimizationSplitChunksOptions } from '@rspack/core';

/**
 * antd's pieces of the console's first pages, with the libraries under them, in two chunks:
 * `antd-shell` (the sign-in page's, which every page needs) and `antd-layout` (what the signed-in
 * layout and the home page add). Shared piece by piece they would come as ~150 small files (one per
 * combination of pieces sharing a module); they load together anyway. Only the weight and the
 * number of files depend on these lists: a piece missing here still loads, in chunks of its own.
 */
const ANTD_CHUNKS: Record<string, { antd: string[]; libraries: string[] }> = {
  'antd-shell': {
    antd: [
      ...['_util', 'config-provider', 'locale', 'style', 'theme', 'version', 'app', 'message'],
      ...['notification', 'modal', 'alert', 'button'],
      ...['card', 'tabs', 'dropdown', 'menu', 'empty', 'form', 'grid', 'row', 'col', 'input'],
      ...['space', 'spin', 'tooltip', 'typography', 'layout', 'skeleton'],
    ],
    libraries: [
      ...['rc-util', 'rc-motion', 'rc-resize-observer', 'rc-field-form', 'rc-input', 'rc-textarea'],
      ...['rc-menu', 'rc-dropdown', 'rc-tooltip', 'rc-notification', 'rc-dialog', 'rc-overflow'],
      ...['rc-tabs', '@rc-component/trigger', '@rc-component/portal'],
      ...['@rc-component/async-validator', '@rc-component/mini-decimal', '@rc-component/context'],
      ...['@ant-design/cssinjs', '@ant-design/cssinjs-utils'],
      ...['@ant-design/fast-color', '@ant-design/colors', '@babel/runtime', 'classnames', 'react-is'],
      ...['resize-observer-polyfill', '@emotion/hash', '@emotion/unitless', 'stylis'],
      ...['copy-to-clipboard', 'toggle-selection', 'throttle-debounce', 'compute-scroll-into-view'],
      'scroll-into-view-if-needed',
    ],
  },
  'antd-layout': {
    antd: [...['avatar', 'badge', 'breadcrumb', 'drawer', 'popover', 'statistic', 'tag']],
    libraries: ['rc-drawer'],
  },
  // The sidebar's site tree and the footer's time-zone select, fetched after the first paint.
  'antd-pickers': {
    antd: ['select', 'tree', 'tree-select'],
    libraries: ['rc-select', 'rc-tree', 'rc-tree-select', 'rc-virtual-list'],
  },
};

/** The chunk of `ANTD_CHUNKS` a module (its file under node_modules) goes to, if any. */
export function antdChunkOf(file: string): string | undefined {
  const match = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/](?:es[\\/]([^\\/.]+))?/.exec(file);
  if (!match?.[1]) return undefined;
  const name = match[1].replace(/\\/g, '/');
  return Object.keys(ANTD_CHUNKS).find((chunk) =>
    name === 'antd'
      ? ANTD_CHUNKS[chunk]?.antd.includes(match[2] ?? '')
      : ANTD_CHUNKS[chunk]?.libraries.includes(name),
  );
}

const ICONS = /[\\/]node_modules[\\/]@ant-design[\\/]icons(-svg)?[\\/]/;
/**
 * Icons of the host's code and of the layout's library: the pages' and the components both pages
 * show (the language switch) in `antd-shell`, the layout's in `antd-layout`.
 */
const HOST_PAGES = /[\\/]host[\\/]src[\\/](pages|components)[\\/]/;
const HOST_CODE = /[\\/](host[\\/]src|node_modules[\\/]@ant-design[\\/]pro-layout)[\\/]/;
const iconChunks = new WeakMap<ModuleGraph, Map<string, string>>();
/** An icon none of the first pages' chunks imports: it goes with what imports it. */
const ELSEWHERE = 'elsewhere';

/**
 * The chunk an icon (or the icons' own code) goes to: the first of `ANTD_CHUNKS` whose pieces
 * import it (the host's pages and shared components count as `antd-shell`, the rest of its code
 * and ProLayout as `antd-layout`); other icons go with what imports them. One chunk of all the
 * icons the host's antd uses put the table's, the image viewer's and the pickers' icons on the
 * first page.
 */
function iconChunkOf(module: Module, graph: ModuleGraph): string {
  const known = iconChunks.get(graph) ?? new Map<string, string>();
  iconChunks.set(graph, known);
  const order = [...Object.keys(ANTD_CHUNKS), ELSEWHERE];
  // `path`: the importers being visited (an import cycle is not followed); a result is kept only
  // when no cycle was cut under it, so it does not depend on the order modules are asked in.
  const visit = (icon: Module, path: Set<string>): { chunk: string; complete: boolean } => {
    const id = icon.identifier();
    const cached = known.get(id);
    if (cached) return { chunk: cached, complete: true };
    path.add(id);
    let best = ELSEWHERE;
    let complete = true;
    for (const connection of graph.getIncomingConnections(icon)) {
      const origin = connection.originModule;
      if (!origin || connection.getActiveState(undefined) === false) continue;
      if (path.has(origin.identifier())) {
        complete = false;
        continue;
      }
      const file = origin.nameForCondition() ?? '';
      let chunk: string;
      if (ICONS.test(file)) {
        const found = visit(origin, path);
        complete &&= found.complete;
        chunk = found.chunk;
      } else {
        chunk =
          antdChunkOf(file) ??
          (HOST_PAGES.test(file) ? 'antd-shell' : HOST_CODE.test(file) ? 'antd-layout' : ELSEWHERE);
      }
      if (order.indexOf(chunk) < order.indexOf(best)) best = chunk;
    }
    path.delete(id);
    if (complete) known.set(id, best);
    return { chunk: best, complete };
  };
  return visit(module, new Set()).chunk;
}

/**
 * The host's lazy chunks: the first pages' antd in two (above) and the site filter's and time
 * zone's in one, each with the icons its pieces use (each a few hundred bytes, `iconChunkOf`), and
 * no chunk under 2 KB rather than 20 KB (a module shared by several pieces and smaller than the
 * minimum is copied into each of their chunks). Measured on the signed-in first page: rspack's
 * defaults 615 KiB gzip in 98 files, a 2 KB minimum alone 546 in 154, with the groups and all icons
 * in one chunk 510 in 23 (the login page 387 in 20); icons with their pieces 445 in 22.
 */
export const hostChunks: OptimizationSplitChunksOptions = {
  chunks: 'async',
  minSize: 2000,
  cacheGroups: {
    ...Object.fromEntries(
      Object.keys(ANTD_CHUNKS).map((name) => [
        name,
        {
          test: (module: Module) => antdChunkOf(module.nameForCondition() ?? '') === name,
          name,
          chunks: 'async' as const,
          enforce: true,
          priority: 10,
        },
      ]),
    ),
    ...Object.fromEntries(
      Object.keys(ANTD_CHUNKS).map((name) => [
        `${name}-icons`,
        {
          test: (module: Module, { moduleGraph }: { moduleGraph: ModuleGraph }) =>
            ICONS.test(module.nameForCondition() ?? '') && iconChunkOf(module, moduleGraph) === name,
          name,
          chunks: 'async' as const,
          enforce: true,
          priority: 5,
        },
      ]),
    ),
  },
};
