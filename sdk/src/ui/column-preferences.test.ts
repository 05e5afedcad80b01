// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { loadHiddenColumns, saveHiddenColumns, toggleColumn } from './column-preferences.js';

const keys = ['mac', 'name', 'model'];

describe('column preferences', () => {
  beforeEach(() => localStorage.clear());

  it('hides and shows columns', () => {
    expect(toggleColumn(keys, [], 'name', false)).toEqual({ ok: true, hidden: ['name'] });
    expect(toggleColumn(keys, ['name'], 'name', true)).toEqual({ ok: true, hidden: [] });
  });

  it('refuses to hide the last visible column', () => {
    expect(toggleColumn(keys, ['mac', 'name'], 'model', false)).toEqual({
      ok: false,
      reason: 'atLeastOneColumn',
    });
  });

  it('remembers the choice per user and table', () => {
    saveHiddenColumns(7, 'devices', ['model']);
    expect(localStorage.getItem('pf.columns.7.devices')).toBe('["model"]');
    expect(loadHiddenColumns(7, 'devices', keys)).toEqual(['model']);
    expect(loadHiddenColumns(8, 'devices', keys)).toEqual([]);
    expect(loadHiddenColumns(7, 'groups', keys)).toEqual([]);
  });

  it('starts from the table’s defaults until the user chooses, and forgets the choice on reset', () => {
    expect(loadHiddenColumns(7, 'devices', keys, ['model', 'gone'])).toEqual(['model']);
    saveHiddenColumns(7, 'devices', []);
    expect(loadHiddenColumns(7, 'devices', keys, ['model'])).toEqual([]);
    saveHiddenColumns(7, 'devices', null);
    expect(localStorage.getItem('pf.columns.7.devices')).toBeNull();
    expect(loadHiddenColumns(7, 'devices', keys, ['model'])).toEqual(['model']);
  });

  it('ignores unknown keys and a stored state that would hide everything', () => {
    localStorage.setItem('pf.columns.7.devices', '["gone","model"]');
    expect(loadHiddenColumns(7, 'devices', keys)).toEqual(['model']);
    localStorage.setItem('pf.columns.7.devices', '["mac","name","model"]');
    expect(loadHiddenColumns(7, 'devices', keys)).toEqual([]);
    localStorage.setItem('pf.columns.7.devices', 'not json');
    expect(loadHiddenColumns(7, 'devices', keys)).toEqual([]);
  });
});
