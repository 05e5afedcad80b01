import { describe, expect, it } from 'vitest';
import { remoteName } from '../plugin.js';
import { remoteContainerName } from './federation.js';

describe('remoteContainerName', () => {
  it('is the sdk contract remoteName', () => {
    for (const id of ['home', 'device', 'sip-account', 'a-b-c'])
      expect(remoteContainerName(id)).toBe(remoteName(id));
  });
});
