// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { rememberCreated, takeCreated } from './wizard.js';

afterEach(() => sessionStorage.clear());

describe('wizard hand-over', () => {
  it('gives what an area created once, and nothing to another area', () => {
    rememberCreated('site', { id: 12, name: 'Lobby' });
    expect(takeCreated('group')).toBeUndefined();
    expect(takeCreated('site')).toEqual({ id: 12, name: 'Lobby' });
    expect(takeCreated('site')).toBeUndefined();
  });

  it('ignores a damaged entry', () => {
    sessionStorage.setItem('pf.wizard.model', '{"id":"x"}');
    expect(takeCreated('model')).toBeUndefined();
    sessionStorage.setItem('pf.wizard.model', 'not json');
    expect(takeCreated('model')).toBeUndefined();
  });
});
