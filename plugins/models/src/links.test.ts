import { describe, expect, it } from 'vitest';
import { addModelPath, modelParamsPath } from './links.js';

const template = { id: 7, name: 'Lobby phones', description: 'Hall & bar', model: 'H2P', siteId: 3 };

describe('model area links', () => {
  it('opens set parameters with the query the parameters screen reads (Cancel then returns to /model)', () => {
    const url = new URL(modelParamsPath(template, true), 'http://console');
    expect(url.pathname).toBe('/model/setParam');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      relationId: '7',
      relationName: 'model',
      deviceModel: 'H2P',
      modelName: 'H2P',
      modelDesc: 'Hall & bar',
      templateName: 'Lobby phones',
      site: '3',
      pushStatus: '1',
      isAdd: '1',
    });
    expect(new URL(modelParamsPath(template, false), 'http://console').searchParams.has('isAdd')).toBe(false);
  });

  it('carries the form values in the spec’s /model/addModel query', () => {
    const url = new URL(addModelPath(template), 'http://console');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      templateName: 'Lobby phones',
      site: '3',
      modelName: 'H2P',
      modelDesc: 'Hall & bar',
    });
    expect(addModelPath()).toBe('/model/addModel');
  });
});
