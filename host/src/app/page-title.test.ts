import { describe, expect, it } from 'vitest';
import { consoleTitle } from './page-title.js';

describe('consoleTitle', () => {
  it('differs for LAN and cloud deployments', () => {
    expect(consoleTitle({ productName: 'PhoneFleet', deployment: 'lan' })).toBe('PhoneFleet Console');
    expect(consoleTitle({ productName: 'PhoneFleet', deployment: 'cloud' })).toBe('PhoneFleet Cloud');
    expect(consoleTitle(null)).toBe('PhoneFleet');
  });
});
