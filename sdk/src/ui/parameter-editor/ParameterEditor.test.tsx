// @vitest-environment happy-dom
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  configFromValues,
  defaultConfig,
  fromPayload,
  pushedValues,
  toPayload,
} from '../../catalogue/config.js';
import { h2Like } from '../../catalogue/test-fixtures.js';
import { buildParameterTree } from '../../catalogue/tree.js';
import type { ParameterConfig, ParameterTree } from '../../catalogue/types.js';
import type { ModelCapabilities } from '../../driver.js';
import { validateConfig } from '../../validation/config.js';
import { formatValidationMessage } from '../../validation/messages.js';
import {
  ParameterEditor,
  type ParameterEditorProps,
  type SaveOptions,
  type TextCodec,
} from './ParameterEditor.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** H2/H2P as the driver declares them: 20 accounts, 36 + 16 program keys, 3 × 60 module keys. */
const h2: ModelCapabilities = {
  ...h2Like,
  accounts: 20,
  keyAccounts: 8,
  programKeys: 36,
  dynamicKeys: 4,
  dssKeys: 2,
  expansionModules: 3,
  keysPerModule: 60,
};

/**
 * A stand-in for the platform's `configToText` / `textToConfig` (the console passes a codec calling
 * them): it models their contract — values read get Push = true, absent ones return to default with
 * Push = false, unknown ids, bad values and unreadable lines are refused with the message to show —
 * in the `<setting …/>` form. The real formats are tested in the drivers' conformance suite and
 * in the platform's configuration tests (platform/src/modules/configuration/configuration.test.ts).
 */
function fakeCodec(tree: ParameterTree): TextCodec {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  const xmlEscape = (v: string) =>
    v.replace(/[&<>"']/g, (c) => `&${Object.keys(entities).find((k) => entities[k] === c)};`);
  const wire = (config: ParameterConfig) => fromPayload(JSON.parse(JSON.stringify(toPayload(config))));
  return {
    async toText(config) {
      const text = [...pushedValues(wire(config))]
        .map(([id, value]) => `<setting id="${id}" value="${xmlEscape(value)}" override="true"/>`)
        .join('\n');
      return { text, instructions: { en: 'One setting element per line', 'zh-CN': '每行一个 setting 元素' } };
    },
    async fromText(text) {
      const values = new Map<string, string>();
      for (const [i, line] of text.split('\n').entries()) {
        if (line.trim() === '') continue;
        const m = /^\s*<setting id="([^"]+)" value="([^"]*)"(?: override="true")?\/>\s*$/.exec(line);
        if (!m) throw new Error(`Incorrect format (line ${i + 1})`);
        values.set(
          m[1] ?? '',
          (m[2] ?? '').replace(/&(\w+);/g, (_all, e: string) => entities[e] ?? ''),
        );
      }
      const { config, unknown } = configFromValues(tree, values);
      if (unknown[0]) throw new Error(formatValidationMessage('unknownParameter', { key: unknown[0] }).en);
      const issue = validateConfig(tree, config, { allowEmpty: true })[0];
      if (issue) throw new Error(issue.message.en);
      return wire(config);
    },
  };
}

let root: Root;
let container: HTMLDivElement;

async function render(ui: ReactNode): Promise<void> {
  await act(async () => {
    root.render(ui);
  });
}

async function waitFor(check: () => void, timeoutMs = 3000): Promise<void> {
  const start = Date.now();
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() - start > timeoutMs) throw error;
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
    }
  }
}

function find<T extends Element = HTMLElement>(selector: string, scope: ParentNode = document): T {
  const found = scope.querySelector<T>(selector);
  if (!found) throw new Error(`not found: ${selector}`);
  return found;
}

const byTestId = (id: string) => find(`[data-testid="${CSS.escape(id)}"]`);
/** The input an antd control renders (a Checkbox puts the test id on the input itself). */
const inputOf = (element: Element): HTMLInputElement =>
  element instanceof HTMLInputElement ? element : find<HTMLInputElement>('input', element);

async function click(element: Element): Promise<void> {
  await act(async () => {
    (element as HTMLElement).click();
  });
}

async function type(input: HTMLInputElement | HTMLTextAreaElement, value: string): Promise<void> {
  const proto =
    input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Opens an antd Select and picks the option with this title. */
async function choose(select: Element, title: string): Promise<void> {
  await act(async () => {
    find('.ant-select-selector', select).dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  const option = await (async () => {
    let hit: Element | undefined;
    await waitFor(() => {
      hit = [...document.querySelectorAll('.ant-select-item-option')].find(
        (o) => o.getAttribute('title') === title,
      );
      expect(hit).toBeDefined();
    });
    return hit as Element;
  })();
  await click(option);
}

const badge = (tab: string) => Number(byTestId(`badge-${tab}`).getAttribute('data-count'));
const pushBox = (path: string) => inputOf(byTestId(`push-${path}`));
const paramInput = (path: string) => find<HTMLInputElement>('[data-param] input', byTestId(`param-${path}`));
const errorText = () =>
  [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent).join('|');
const menuItem = (label: string) =>
  [...byTestId('section-menu').querySelectorAll('.ant-menu-item')].find((m) => m.textContent === label);
const tabButton = (key: string) => byTestId(`tab-${key}`);

function editor(tree: ParameterTree, overrides: Partial<ParameterEditorProps> = {}) {
  const onSave = vi.fn(async (_config: ParameterConfig, _options?: SaveOptions) => undefined);
  const onSaveAndUpdate = vi.fn(async (_config: ParameterConfig) => undefined);
  const onCancel = vi.fn();
  const ui = (
    <ParameterEditor
      tree={tree}
      initial={defaultConfig(tree)}
      language="en-US"
      onSave={onSave}
      onSaveAndUpdate={onSaveAndUpdate}
      onCancel={onCancel}
      {...overrides}
    />
  );
  return { ui, onSave, onSaveAndUpdate, onCancel };
}

function button(name: string): HTMLButtonElement {
  // antd spaces two-character Chinese labels ("全 选")
  const found = [...document.querySelectorAll('button')].find(
    (b) => b.textContent?.replace(/\s/g, '') === name.replace(/\s/g, ''),
  );
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

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

describe('ParameterEditor', () => {
  const h2Tree = buildParameterTree(h2);
  const shareTree = buildParameterTree('share');

  it('counts pushed parameters in the tab badge and enables the editor with the push flag', async () => {
    const { ui } = editor(h2Tree);
    await render(ui);
    expect(badge('account')).toBe(0);
    const path = 'account.1.codec.OpusBandwidth';
    const field = () => byTestId(`param-${path}`).querySelector('[data-param]');
    // not pushed: a disabled field showing the option label
    expect(field()?.querySelector<HTMLInputElement>('input:disabled')?.value).toBe('Wideband (16 kHz)');
    expect(field()?.querySelector('.ant-select')).toBeNull();
    await click(pushBox(path));
    expect(badge('account')).toBe(1);
    expect(field()?.querySelector('.ant-select:not(.ant-select-disabled)')).not.toBeNull();
    expect(field()?.querySelector('input:disabled')).toBeNull();
    // account 2 is its own group: its flag counts too
    await choose(byTestId('account-select'), 'Account 2');
    await click(pushBox('account.2.codec.OpusBandwidth'));
    expect(badge('account')).toBe(2);
    await click(pushBox('account.2.codec.OpusBandwidth'));
    expect(badge('account')).toBe(1);
    expect(badge('network')).toBe(0);
  });

  it('selects all, unselects all and resets to defaults with flags cleared', async () => {
    const { ui } = editor(h2Tree);
    await render(ui);
    const mtuRow = 'network.ipParameter.MTU';
    await click(button('Select all'));
    const full = defaultConfig(h2Tree);
    const accountItems = full.account.reduce(
      (n, row) => n + Object.keys(row.codec).length + Object.keys(row.advanced).length,
      0,
    );
    expect(badge('account')).toBe(accountItems);
    expect(badge('phoneKeys')).toBe(
      Object.values(full.phoneKeys).reduce((n, rows) => n + Object.keys(rows).length, 0),
    );
    expect(badge('network')).toBeGreaterThan(0);
    await click(button('Unselect all'));
    for (const tab of h2Tree.tabs) expect(badge(tab.key)).toBe(0);
    // change a value, then reset
    await click(tabButton('network'));
    await click(pushBox(mtuRow));
    const mtu = paramInput(mtuRow);
    await type(mtu, '1400');
    expect(mtu.value).toBe('1400');
    expect(badge('network')).toBe(1);
    await click(button('Reset setting'));
    expect(badge('network')).toBe(0);
    expect(paramInput(mtuRow).value).toBe('1500');
    expect(pushBox(mtuRow).checked).toBe(false);
  });

  it('blocks changing section or tab while the section is invalid, with the validator message', async () => {
    const { ui } = editor(h2Tree);
    await render(ui);
    await click(tabButton('network'));
    expect(byTestId('section-content').getAttribute('data-section')).toBe('ipParameter');
    const path = 'network.ipParameter.IPAddress';
    await click(pushBox(path));
    await type(paramInput(path), '10.0.0.999');
    expect(byTestId(`param-${path}`).textContent).toContain('Please enter a valid IPv4 address');
    await click(menuItem('Ports')!);
    await waitFor(() => expect(errorText()).toContain('Please enter a valid IPv4 address'));
    expect(byTestId('section-content').getAttribute('data-section')).toBe('ipParameter');
    await click(tabButton('settings'));
    expect(byTestId('section-content').getAttribute('data-section')).toBe('ipParameter');
    // fixed: the change goes through
    await type(paramInput(path), '10.0.0.9');
    await click(menuItem('Ports')!);
    expect(byTestId('section-content').getAttribute('data-section')).toBe('port');
  });

  it('resets a phone key on type change and blocks saving with the key named', async () => {
    const { ui, onSave } = editor(h2Tree);
    await render(ui);
    await click(tabButton('phoneKeys'));
    expect(byTestId('keys-programKey')).toBeTruthy();
    // subtype column on H2/H2P
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(['Push', 'Key', 'Type', 'Subtype', 'Account', 'Value', 'Label', 'Extension']);
    expect(document.querySelectorAll('tbody tr')).toHaveLength(20);
    await click(inputOf(byTestId('key-programKey-1-push')));
    const value = () => inputOf(byTestId('key-programKey-1-Value'));
    expect(value().disabled).toBe(true); // type 0: nothing to fill
    await choose(byTestId('key-programKey-1-Type'), 'Speed dial');
    expect(value().disabled).toBe(false);
    expect(badge('phoneKeys')).toBe(1);
    await click(button('Save only'));
    await waitFor(() => expect(errorText()).toContain('The value of ProgKey1 cannot be empty'));
    expect(onSave).not.toHaveBeenCalled();
    await type(value(), '8001');
    await type(inputOf(byTestId('key-programKey-1-Label')), 'Front desk');
    // a new type puts account, value, label, extension back to their defaults
    await choose(byTestId('key-programKey-1-Type'), 'BLF');
    expect(value().value).toBe('');
    expect(inputOf(byTestId('key-programKey-1-Label')).value).toBe('');
    await type(value(), '8002');
    await click(button('Save only'));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const saved = onSave.mock.calls[0]?.[0] as ParameterConfig;
    expect(saved.phoneKeys.programKey?.['1']).toMatchObject({
      Push: true,
      Type: { Value: '5' },
      Value: { Value: '8002' },
      Label: { Value: '' },
    });
  });

  it('sets the DSS subtype from the type (1001 → 0100)', async () => {
    const { ui } = editor(h2Tree);
    await render(ui);
    await click(tabButton('phoneKeys'));
    await click(
      [...byTestId('section-menu').querySelectorAll('.ant-menu-item')].find((m) =>
        m.getAttribute('data-menu-id')?.endsWith('dssKey'),
      )!,
    );
    await click(inputOf(byTestId('key-dssKey-1-push')));
    await choose(byTestId('key-dssKey-1-Type'), 'Memory key');
    const dss = h2Tree.tabs.flatMap((t) => t.sections).find((s) => s.key === 'dssKey');
    const label =
      dss?.kind === 'keys' ? dss.cells.SubType?.options?.find((o) => o.value === '0100')?.label.en : '';
    expect(label).toBeTruthy();
    expect(
      byTestId('key-dssKey-1-SubType').querySelector('.ant-select-selection-item')?.getAttribute('title'),
    ).toBe(label);
  });

  it('round-trips through the text editor: text values are pushed, absent ones return to default', async () => {
    const { ui, onSave } = editor(shareTree, { pushStatus: '1', textCodec: fakeCodec(shareTree) });
    await render(ui);
    await click(tabButton('network'));
    const mtuPath = 'network.ipParameter.MTU';
    await click(pushBox(mtuPath));
    await type(paramInput(mtuPath), '1400');
    // unsaved changes: switching asks to save; Save converts and saves
    await click(byTestId('text-switch'));
    await waitFor(() => expect(document.body.textContent).toContain('Save it before switching the editor?'));
    await click(button('Save'));
    await waitFor(() => expect(byTestId('parameter-editor').getAttribute('data-view')).toBe('text'));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]?.[1]).toEqual({ leave: false });
    const area = find<HTMLTextAreaElement>('textarea');
    expect(area.value).toBe('<setting id="network.ipParameter.MTU" value="1400" override="true"/>');
    expect(byTestId('text-instructions').textContent).toBe('One setting element per line');

    // an unknown id is refused with the engine's message
    await type(area, '<setting id="network.ipParameter.Nope" value="1" override="true"/>');
    await click(button('Save only'));
    await waitFor(() => expect(errorText()).toContain('Unknown parameter: network.ipParameter.Nope'));
    // a bad value too
    await type(area, '<setting id="network.ipParameter.MTU" value="99" override="true"/>');
    await click(button('Save only'));
    await waitFor(() => expect(errorText()).toContain('Please enter a number between 128 and 1500'));
    expect(onSave).toHaveBeenCalledTimes(1);

    await type(
      area,
      '<setting id="maintenance.logCollection.SyslogServer" value="log&amp;1.example.com" override="true"/>\n<setting id="phoneKeys.programKey.2.Type" value="1" override="true"/>\n<setting id="phoneKeys.programKey.2.Value" value="100" override="true"/>',
    );
    await click(button('Save only'));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
    const saved = onSave.mock.calls[1]?.[0] as ParameterConfig;
    expect(saved.maintenance.logCollection?.SyslogServer).toMatchObject({
      Value: 'log&1.example.com',
      Push: true,
    });
    expect(saved.network.ipParameter?.MTU).toMatchObject({ Value: '1500', Push: false });
    expect(saved.phoneKeys.programKey?.['2']).toMatchObject({
      Push: true,
      Type: { Value: '1' },
      Value: { Value: '100' },
    });

    // back to the GUI without changes: no question; the flags follow the text
    await click(byTestId('text-switch'));
    await waitFor(() => expect(byTestId('parameter-editor').getAttribute('data-view')).toBe('gui'));
    expect(badge('maintenance')).toBe(1);
    expect(badge('network')).toBe(0);
    expect(badge('phoneKeys')).toBe(1);
  });

  it('declining to save on a view switch restores the backup', async () => {
    const { ui, onSave } = editor(shareTree, { textCodec: fakeCodec(shareTree) });
    await render(ui);
    await click(tabButton('network'));
    await click(pushBox('network.ipParameter.MTU'));
    expect(badge('network')).toBe(1);
    await click(byTestId('text-switch'));
    await waitFor(() => expect(document.body.textContent).toContain('Save it before switching the editor?'));
    await click(button("Don't save"));
    await waitFor(() => expect(byTestId('parameter-editor').getAttribute('data-view')).toBe('text'));
    expect(find<HTMLTextAreaElement>('textarea').value).toBe('');
    expect(onSave).not.toHaveBeenCalled();
    await click(byTestId('text-switch'));
    await waitFor(() => expect(byTestId('parameter-editor').getAttribute('data-view')).toBe('gui'));
    expect(badge('network')).toBe(0);
  });

  it('stays in place when the codec refuses, and offers no text editor without a codec', async () => {
    const codec = fakeCodec(shareTree);
    const failing: TextCodec = {
      toText: async () => {
        throw new Error('H2 and H2P do not support text editing');
      },
      fromText: codec.fromText,
    };
    const { ui, onSave } = editor(shareTree, { textCodec: failing });
    await render(ui);
    await click(byTestId('text-switch'));
    await waitFor(() => expect(errorText()).toContain('H2 and H2P do not support text editing'));
    expect(byTestId('parameter-editor').getAttribute('data-view')).toBe('gui');
    expect(onSave).not.toHaveBeenCalled();

    await render(editor(shareTree, { textCodec: codec }).ui);
    await click(byTestId('text-switch'));
    await waitFor(() => expect(byTestId('parameter-editor').getAttribute('data-view')).toBe('text'));
    await type(find<HTMLTextAreaElement>('textarea'), 'not a setting');
    await click(button('Save only'));
    await waitFor(() => expect(errorText()).toContain('Incorrect format (line 1)'));
    expect(byTestId('parameter-editor').getAttribute('data-view')).toBe('text');
    expect(find<HTMLTextAreaElement>('textarea').value).toBe('not a setting');

    await render(editor(shareTree, { textCodec: undefined }).ui);
    expect(byTestId('parameter-editor').querySelector('[data-testid="text-switch"]')).toBeNull();
  });

  it('shows which layer set a parameter on the device screen', async () => {
    const provenance = new Map([
      ['network.ipParameter.MTU', { relation: 'site' as const, relationId: 3, name: 'Lobby' }],
      ['network.ipParameter.VLANId', { relation: 'device' as const, relationId: 9 }],
      ['network.ipParameter.DHCPUserClass', { relation: 'group' as const, relationId: 4, name: null }],
    ]);
    const { ui } = editor(h2Tree, { provenance });
    await render(ui);
    await click(tabButton('network'));
    expect(byTestId('param-network.ipParameter.MTU').querySelector('.ant-tag')?.textContent).toBe(
      'Site: Lobby',
    );
    // A layer whose name the caller may not read is still told apart.
    expect(byTestId('param-network.ipParameter.DHCPUserClass').querySelector('.ant-tag')?.textContent).toBe(
      'Group: #4',
    );
    expect(byTestId('param-network.ipParameter.VLANId').querySelector('.ant-tag')?.textContent).toBe(
      'Device',
    );
    expect(byTestId('param-network.ipParameter.IPAddress').querySelector('.ant-tag')).toBeNull();
  });

  it('offers no text editor on H2/H2P, and disables Save and update when pushStatus is 0', async () => {
    const { ui } = editor(h2Tree, { pushStatus: '0' });
    await render(ui);
    expect(byTestId('parameter-editor').querySelector('[data-testid="text-switch"]')).toBeNull();
    expect(button('Save and update').disabled).toBe(true);
    expect(button('Save only').disabled).toBe(false);
  });

  it('shows the text-editing note on share screens, the labels and the tooltip in Chinese', async () => {
    const note = { en: 'H2 and H2P do not support text editing', 'zh-CN': 'H2 和 H2P 不支持文本编辑' };
    const { ui } = editor(shareTree, { textEditingNotes: [note], language: 'zh-CN' });
    await render(ui);
    expect(byTestId('text-editing-note').textContent).toBe('H2 和 H2P 不支持文本编辑');
    expect(button('全选')).toBeTruthy();
    expect(tabButton('account').textContent).toContain('账号');
    const node =
      shareTree.tabs[0]?.sections[0]?.kind === 'params'
        ? shareTree.tabs[0].sections[0].groups[0]?.params[0]
        : undefined;
    expect(node).toBeDefined();
    const label = find('span', find('.pf-param-row > div:nth-child(2)', byTestId(`param-${node?.path}`)));
    expect(label.textContent).toBe(node?.label.zh);
    await act(async () => {
      label.dispatchEvent(new MouseEvent('mouseenter'));
    });
    await waitFor(() =>
      expect(document.querySelector('.ant-tooltip-inner')?.textContent).toBe(node?.tooltip.zh),
    );
  });
});
