import { describe, expect, it } from 'vitest';
import { compareFirmwareVersions, isFirmwareVersion } from './firmware.js';

describe('firmware versions', () => {
  it('are four dotted numbers', () => {
    expect(isFirmwareVersion('2.14.0.5')).toBe(true);
    for (const bad of ['2.14.0', '2.14.0.5.1', 'v2.14.0.5', '2.14.0.x', '', '2..0.5']) {
      expect(isFirmwareVersion(bad), bad).toBe(false);
    }
  });

  it('compare number by number, not as text', () => {
    expect(compareFirmwareVersions('1.10.0.0', '1.9.9.9')).toBeGreaterThan(0);
    expect(compareFirmwareVersions('1.9.9.9', '1.10.0.0')).toBeLessThan(0);
    expect(compareFirmwareVersions('2.14.0.5', '2.14.0.5')).toBe(0);
    expect(compareFirmwareVersions('2.14', '2.14.0.0')).toBe(0);
    expect(compareFirmwareVersions('2.14.0.5-rc1', '2.14.0.4')).toBeGreaterThan(0);
    const sorted = ['1.10.0.0', '1.2.0.0', '1.9.9.9', '10.0.0.0', '1.10.0.1'].sort(compareFirmwareVersions);
    expect(sorted).toEqual(['1.2.0.0', '1.9.9.9', '1.10.0.0', '1.10.0.1', '10.0.0.0']);
  });
});
