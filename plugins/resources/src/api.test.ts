import { afterEach, describe, expect, it, vi } from 'vitest';
import { pushResource, searchResources } from './api.js';
import { stubApi } from './testing/helpers.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the resource calls', () => {
  it('sends a scheduled push with its window and name, an immediate one without times', async () => {
    const { bodies } = stubApi({ '/tb-resource/push': () => [{ id: 40, devices: 2 }] });
    await pushResource(7, [21, 22], {
      type: 2,
      beginTime: 1_800_000_000_000,
      endTime: 1_800_000_086_399_000,
      name: 'Night bell',
    });
    await pushResource(7, [21], { type: 1, beginTime: 1, endTime: 2 });
    expect(bodies('/tb-resource/push')).toEqual([
      {
        resourceId: 7,
        deviceIds: [21, 22],
        type: 2,
        name: 'Night bell',
        beginTime: 1_800_000_000_000,
        endTime: 1_800_000_086_399_000,
      },
      { resourceId: 7, deviceIds: [21], type: 1 },
    ]);
  });

  it('searches with the default sort and leaves out empty filters', async () => {
    const { bodies } = stubApi({ '/tb-resource/search': () => [{ list: [], total: 0 }] });
    await searchResources({ currentPage: 2, pageSize: 20, sortField: 'size', sortOrder: 'desc' }, {});
    await searchResources({ currentPage: 1, pageSize: 10 }, { keywords: 'bell', type: 2, site: 3 });
    expect(bodies('/tb-resource/search')).toEqual([
      { currentPage: 2, pageSize: 20, sortField: 'size', sortOrder: 'desc' },
      {
        currentPage: 1,
        pageSize: 10,
        sortField: 'createTime',
        sortOrder: 'asc',
        keywords: 'bell',
        type: 2,
        siteId: 3,
      },
    ]);
  });
});
