import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../catalogue/config.js';
import { h2Like } from '../../catalogue/test-fixtures.js';
import { buildParameterTree } from '../../catalogue/tree.js';
import type { ParameterConfig } from '../../catalogue/types.js';
import { pushCount, setAllPush } from './model.js';
import { parseText, renderText } from './text-format.js';

const share = buildParameterTree('share');
const h2 = buildParameterTree(h2Like);

function withValue(config: ParameterConfig, section: string, key: string, value: string): ParameterConfig {
  const items = config.network[section] ?? {};
  const item = items[key];
  if (!item) throw new Error(`no ${section}.${key}`);
  return {
    ...config,
    network: { ...config.network, [section]: { ...items, [key]: { ...item, Value: value, Push: true } } },
  };
}

describe('text editor formats', () => {
  it('writes setting elements with escaped values and reads them back', () => {
    const config = withValue(defaultConfig(share), 'ipParameter', 'DHCPUserClass', 'a<b>&"c\'');
    const text = renderText(config, 'settings');
    expect(text).toBe(
      '<setting id="network.ipParameter.DHCPUserClass" value="a&lt;b&gt;&amp;&quot;c&apos;" override="true"/>',
    );
    const back = parseText(share, text, 'settings');
    expect(back.issues).toEqual([]);
    expect(back.config.network.ipParameter?.DHCPUserClass).toMatchObject({ Value: 'a<b>&"c\'', Push: true });
    expect(renderText(back.config, 'settings')).toBe(text);
  });

  it('writes key = value lines (H2/H2P) and reads them back', () => {
    const config = withValue(defaultConfig(h2), 'ipParameter', 'MTU', '1400');
    const text = renderText(config, 'lines');
    expect(text).toBe('network.ipParameter.MTU = 1400');
    const back = parseText(h2, `# comment\n${text}\n\n`, 'lines');
    expect(back.issues).toEqual([]);
    expect(back.config.network.ipParameter?.MTU).toMatchObject({ Value: '1400', Push: true });
  });

  it('round-trips a whole configuration with every flag set', () => {
    const all = setAllPush(share, defaultConfig(share), true);
    const back = parseText(share, renderText(all, 'settings'), 'settings');
    expect(back.issues).toEqual([]);
    for (const tab of share.tabs) expect(pushCount(back.config, tab.key)).toBe(pushCount(all, tab.key));
  });

  it('reports unknown ids, unreadable lines and bad values with the engine messages', () => {
    expect(
      parseText(share, '<setting id="x.y" value="1" override="true"/>', 'settings').issues[0]?.message.en,
    ).toBe('Unknown parameter: x.y');
    expect(parseText(share, 'hello', 'settings').issues[0]?.message.en).toBe(
      'Line 1: the line cannot be read',
    );
    expect(parseText(share, '<setting id="a" value="&bogus;"/>', 'settings').issues[0]?.message.en).toBe(
      'Line 1: the line cannot be read',
    );
    const bad = parseText(
      share,
      '<setting id="network.ipParameter.IPAddress" value="1.2.3" override="true"/>',
      'settings',
    );
    expect(bad.issues.map((i) => i.message.en)).toEqual(['Please enter a valid IPv4 address']);
  });

  it('returns parameters absent from the text to their defaults, unpushed', () => {
    const back = parseText(share, '', 'settings');
    expect(back.issues).toEqual([]);
    expect(back.config).toEqual(defaultConfig(share));
  });
});
