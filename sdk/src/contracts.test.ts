import { describe, expect, it } from 'vitest';
import { normaliseLanguage } from './envelope.js';
import { macWithColons, normaliseMac } from './mac.js';
import { messages } from './messages.js';
import { ContractError, parseUiPluginManifest, remoteName } from './plugin.js';
import { satisfiesSdk } from './version.js';

describe('MAC addresses', () => {
  it.each([
    ['00:15:65:AA:BB:CC', '001565aabbcc'],
    ['00-15-65-aa-bb-cc', '001565aabbcc'],
    ['0015.65aa.bbcc', '001565aabbcc'],
    ['001565AABBCC', '001565aabbcc'],
    [' 001565aabbcc ', '001565aabbcc'],
  ])('normalises %s', (input, expected) => expect(normaliseMac(input)).toBe(expected));

  it.each([
    '00:15:65:aa:bb',
    '00:15-65:aa:bb:cc',
    '001565aabbcg',
    '',
    '00155:65aa:bbcc',
  ])('refuses %s', (input) => expect(normaliseMac(input)).toBeUndefined());

  it('shows the colon form', () => expect(macWithColons('001565aabbcc')).toBe('00:15:65:aa:bb:cc'));
});

describe('plugin manifests', () => {
  const valid = {
    id: 'fleet-map',
    sdk: '^1.0.0',
    title: { en: 'Map', 'zh-CN': '地图' },
    menu: [{ path: '/map', power: 'home', title: { en: 'Map', 'zh-CN': '地图' } }],
  };

  it('fills defaults and names the remote', () => {
    const manifest = parseUiPluginManifest('@vendor/map', valid);
    expect(manifest.menu[0]).toMatchObject({ order: 100, hideInMenu: false, buttons: [] });
    expect(remoteName(manifest.id)).toBe('pf_fleet_map');
  });

  it('names the package and the field on a bad manifest', () => {
    expect(() =>
      parseUiPluginManifest('@vendor/map', { ...valid, menu: [{ ...valid.menu[0], path: 'map' }] }),
    ).toThrow(new ContractError('@vendor/map', 'menu.0.path: must be an absolute route path'));
  });

  it('refuses a plugin written for another sdk major version before reading its shape', () => {
    expect(() => parseUiPluginManifest('@vendor/map', { sdk: '^2.0.0' })).toThrow(/needs sdk \^2\.0\.0/);
  });
});

describe('sdk versions and languages', () => {
  it('matches ranges against the sdk version', () => {
    expect(satisfiesSdk('^1.0.0', '1.4.2')).toBe(true);
    expect(satisfiesSdk('^1.5.0', '1.4.2')).toBe(false);
    expect(satisfiesSdk('>=1.2.0', '2.0.0')).toBe(true);
    expect(satisfiesSdk('2', '1.9.9')).toBe(false);
  });

  it('turns Accept-Language into en-US or zh-CN', () => {
    expect(normaliseLanguage('en')).toBe('en-US');
    expect(normaliseLanguage('zh-TW,zh;q=0.9')).toBe('zh-CN');
    expect(normaliseLanguage(undefined)).toBe('en-US');
  });

  it('has every server message in both languages', () => {
    for (const [key, text] of Object.entries(messages)) {
      expect(text.en, key).not.toBe('');
      expect(text.zh, key).not.toBe('');
      expect(text.zh, key).not.toBe(text.en);
    }
  });
});
