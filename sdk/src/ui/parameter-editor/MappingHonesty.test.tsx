// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultConfig } from '../../catalogue/config.js';
import { buildParameterTree } from '../../catalogue/tree.js';
import type { ParameterNode, ParameterTree } from '../../catalogue/types.js';
import { ParameterEditor } from './ParameterEditor.js';
import type { AffectedModel } from './UnreachedNotice.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let container: HTMLDivElement;
beforeEach(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  document.body.innerHTML = '';
});

const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${CSS.escape(id)}"]`);
const click = (element: Element | null) =>
  act(async () => {
    (element as HTMLElement).click();
  });

/** A tree as the platform serves it, with some parameters annotated the way the platform does. */
function annotated(
  tree: ParameterTree,
  mark: (node: ParameterNode) => Partial<ParameterNode>,
): ParameterTree {
  return {
    ...tree,
    tabs: tree.tabs.map((tab) => ({
      ...tab,
      sections: tab.sections.map((section) =>
        section.kind === 'params'
          ? { ...section, params: section.params.map((node) => ({ ...node, ...mark(node) })) }
          : section,
      ),
    })),
  };
}

async function show(tree: ParameterTree, affected?: AffectedModel[]) {
  await act(async () => {
    root.render(
      <ParameterEditor
        tree={tree}
        initial={defaultConfig(tree)}
        language="en-US"
        affected={affected}
        onSave={vi.fn(async () => undefined)}
        onSaveAndUpdate={vi.fn(async () => undefined)}
        onCancel={vi.fn()}
      />,
    );
  });
  await click(byTestId('tab-network'));
}

const xvpn = 'network.xvpn.XvpnEnable';
const mtu = 'network.ipParameter.MTU';
const reason = { en: 'Yealink IP phones have no equivalent setting', zh: 'Yealink 话机没有对应的设置' };

describe('mapping honesty in the editor', () => {
  it('shows a parameter the model’s driver never sends disabled, with the driver’s reason', async () => {
    const tree = annotated(buildParameterTree('share'), (node) =>
      node.path.startsWith('network.xvpn.') ? { unsupported: reason } : {},
    );
    await show(tree);
    const menu = [...document.querySelectorAll('.ant-menu-item')].find((m) => m.textContent === 'XVPN');
    await click(menu ?? null);
    expect(byTestId(`unsupported-${xvpn}`)?.textContent).toBe(
      'Not supported by this model: Yealink IP phones have no equivalent setting',
    );
    const push = byTestId(`push-${xvpn}`) as HTMLInputElement;
    expect(push.disabled).toBe(true);
    await click(push);
    expect(push.checked).toBe(false);
    // A supported parameter of the same screen is untouched.
    await click(
      [...document.querySelectorAll('.ant-menu-item')].find((m) => m.textContent === 'IP parameters') ?? null,
    );
    expect((byTestId(`push-${mtu}`) as HTMLInputElement).disabled).toBe(false);
  });

  it('on a mixed site, names the phones a pushed parameter will not reach, and only once it is pushed', async () => {
    const tree = annotated(buildParameterTree('share'), (node) =>
      node.path === mtu ? { notSentTo: [{ models: ['T46S', 'T54W'], reason }] } : {},
    );
    await show(tree, [
      { model: 'T46S', total: 4, macs: ['001565000001', '001565000002', '001565000003', '001565000004'] },
      { model: 'V64', total: 2, macs: ['001565000010', '001565000011'] },
      { model: 'T54W', total: 0, macs: [] },
    ]);
    await click(
      [...document.querySelectorAll('.ant-menu-item')].find((m) => m.textContent === 'IP parameters') ?? null,
    );
    expect(byTestId(`not-sent-${mtu}`)?.textContent).toBe('Not sent to T46S, T54W');
    expect(byTestId('unreached-notice')).toBeNull();
    await click(byTestId(`push-${mtu}`));
    expect(byTestId('unreached-notice')?.textContent).toContain(
      'Some pushed parameters will not reach 4 phones',
    );
    expect(byTestId('unreached-T46S')?.textContent).toBe(
      'T46S (001565000001, 001565000002, 001565000003 and 1 more): MTU',
    );
    expect(byTestId('unreached-V64')).toBeNull();
    expect(byTestId('unreached-T54W')).toBeNull();
    await click(byTestId(`push-${mtu}`));
    expect(byTestId('unreached-notice')).toBeNull();
  });
});
