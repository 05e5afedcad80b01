import { z } from 'zod';
import { SDK_VERSION, satisfiesSdk } from './version.js';

export { remoteName } from './remote-name.js';

const kebabId = z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be kebab-case');
const titles = z.object({ en: z.string().min(1), 'zh-CN': z.string().min(1) });

export const menuEntrySchema = z.object({
  /** Route path inside the layout, e.g. `/` or `/device`. Sub-routes below it belong to the plugin. */
  path: z.string().regex(/^\/[A-Za-z0-9/_-]*$/, 'must be an absolute route path'),
  /** Resource power the user needs to see and open this entry (spec §6). */
  power: z.string().regex(/^[A-Za-z][A-Za-z0-9]*$/),
  title: titles,
  icon: z.string().optional(),
  /** Permission buttons this route offers (delete, add ...), granted per role. */
  buttons: z.array(z.string().min(1)).default([]),
  /** Sidebar order; lower comes first. */
  order: z.number().int().default(100),
  /** Hidden entries are routes without a sidebar item (detail pages). */
  hideInMenu: z.boolean().default(false),
  /**
   * Breadcrumb titles of the plugin's own routes below `path`, by path segment (`addSite` for
   * `/site/addSite`). Optional: a segment without one shows as it is.
   */
  subRoutes: z.record(z.string().regex(/^[A-Za-z0-9_-]+$/, 'must be one path segment'), titles).default({}),
});

export const uiPluginManifestSchema = z.object({
  id: kebabId,
  title: titles,
  icon: z.string().optional(),
  /** Range of sdk versions the plugin is written against. */
  sdk: z.string().min(1),
  menu: z.array(menuEntrySchema).min(1),
  /**
   * Where the remote's `mf-manifest.json` is served when the plugin is hosted elsewhere
   * (another server, a dev server). Default: the platform serves the package's `dist/`.
   */
  remoteEntry: z.url().optional(),
});

export type MenuEntry = z.output<typeof menuEntrySchema>;
export type MenuEntryInput = z.input<typeof menuEntrySchema>;
export type UiPluginManifest = z.output<typeof uiPluginManifestSchema>;
export type UiPluginManifestInput = z.input<typeof uiPluginManifestSchema>;

/** Identity function for precise inference; the platform validates the result at load. */
export function defineUiPlugin<const M extends UiPluginManifestInput>(manifest: M): M {
  return manifest;
}

/** What a remote's `./App` module default-exports receives from the host. */
export interface PluginAppProps {
  /** The menu entry path the plugin was mounted at. */
  basePath: string;
}

export class ContractError extends Error {
  constructor(
    readonly packageName: string,
    reason: string,
  ) {
    super(`${packageName}: ${reason}`);
    this.name = 'ContractError';
  }
}

/** Validates a manifest, naming the package and the first problem on failure. */
export function parseUiPluginManifest(packageName: string, value: unknown): UiPluginManifest {
  assertSdkSatisfied(packageName, value);
  const parsed = uiPluginManifestSchema.safeParse(value);
  if (!parsed.success) throw new ContractError(packageName, describeIssues(parsed.error));
  return parsed.data;
}

/** Checked before the shape: a package written for another sdk version may have another shape. */
export function assertSdkSatisfied(packageName: string, value: unknown): void {
  const sdk = typeof value === 'object' && value !== null ? (value as { sdk?: unknown }).sdk : undefined;
  if (typeof sdk === 'string' && !satisfiesSdk(sdk)) {
    throw new ContractError(packageName, `needs sdk ${sdk}, this platform provides ${SDK_VERSION}`);
  }
}

export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}
