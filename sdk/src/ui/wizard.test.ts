// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { rememberCreated, takeCreated, wizardState, wizardStepsOf } from './wizard.js';

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

  it('reads the steps a wizard passed in the location state, and nothing else', () => {
    expect(wizardStepsOf(wizardState(['Basic information', 'Group device']))).toEqual([
      'Basic information',
      'Group device',
    ]);
    expect(wizardStepsOf(null)).toBeUndefined();
    expect(wizardStepsOf({ wizardSteps: [] })).toBeUndefined();
    expect(wizardStepsOf({ wizardSteps: [1] })).toBeUndefined();
    expect(wizardStepsOf({ other: true })).toBeUndefined();
  });
});
