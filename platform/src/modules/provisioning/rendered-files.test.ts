import { describe, expect, it } from 'vitest';
import { RenderedFiles } from './rendered-files.js';

const file = (size: number, tag: string) => ({ body: 'x'.repeat(size), etag: tag });

describe('rendered files kept per instance', () => {
  it('holds at most its bytes, the oldest leaving first, and forgets everything on clear', () => {
    const kept = new RenderedFiles(10);
    kept.set('a', file(4, 'A'));
    kept.set('b', file(4, 'B'));
    kept.set('c', file(4, 'C'));
    expect(kept.get('a')).toBeUndefined();
    expect([kept.get('b')?.etag, kept.get('c')?.etag]).toEqual(['B', 'C']);
    // Replacing an entry counts its new size only.
    kept.set('c', file(6, 'C2'));
    expect([kept.get('b')?.etag, kept.get('c')?.etag]).toEqual(['B', 'C2']);
    // A file larger than the whole budget is not kept, and evicts nothing.
    kept.set('huge', file(11, 'H'));
    expect([kept.get('huge'), kept.size]).toEqual([undefined, 2]);
    kept.clear();
    expect(kept.size).toBe(0);
  });
});
