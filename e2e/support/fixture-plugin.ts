import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A UI plugin whose remote is down: its remoteEntry points at a closed port. The manifest is a plain
 * object (no sdk import), since the folder lives outside the workspace.
 */
export function writeBrokenPlugin(folder: string): void {
  const dir = path.join(folder, 'broken');
  mkdirSync(path.join(dir, 'src'), { recursive: true });
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify(
      { name: '@phonefleet/plugin-broken', private: true, phonefleet: { kind: 'ui-plugin' } },
      null,
      2,
    ),
  );
  writeFileSync(
    path.join(dir, 'src', 'manifest.ts'),
    `export default {
  id: 'broken',
  title: { en: 'Broken area', 'zh-CN': '损坏的功能区' },
  sdk: '^1.0.0',
  remoteEntry: 'http://127.0.0.1:9/mf-manifest.json',
  menu: [{ path: '/broken', power: 'home', title: { en: 'Broken area', 'zh-CN': '损坏的功能区' }, icon: 'ToolOutlined', order: 50 }],
};
`,
  );
}
