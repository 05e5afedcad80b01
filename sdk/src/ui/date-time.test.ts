import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-time.js';

describe('formatDateTime', () => {
  it('shows YYYY/MM/DD HH:mm in the user’s zone offset', () => {
    expect(formatDateTime('2026-03-01T23:30:00Z', '+08:00')).toBe('2026/03/02 07:30');
    expect(formatDateTime('2026-03-01T02:15:00Z', '-05:30')).toBe('2026/02/28 20:45');
    expect(formatDateTime('2026-03-01T02:15:00Z', '+00:00')).toBe('2026/03/01 02:15');
  });

  it('gives an empty text for a missing or unreadable time (the table shows its placeholder)', () => {
    expect(formatDateTime(null, '+08:00')).toBe('');
    expect(formatDateTime('', '+08:00')).toBe('');
    expect(formatDateTime('not a date', '+08:00')).toBe('');
  });
});
