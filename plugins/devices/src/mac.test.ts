import { describe, expect, it } from 'vitest';
import { groupsOf, joinGroups, macFromValue, splitPastedMac, typeIntoGroup } from './mac.js';

describe('MAC input rules (spec §5)', () => {
  it('splits a pasted MAC on -, : or ., or 12 hex digits, into six lower-case groups', () => {
    const groups = ['00', '15', '65', 'aa', 'bb', 'cc'];
    expect(splitPastedMac('00-15-65-AA-BB-CC')).toEqual(groups);
    expect(splitPastedMac(' 00:15:65:aa:bb:cc ')).toEqual(groups);
    expect(splitPastedMac('00.15.65.aa.bb.cc')).toEqual(groups);
    expect(splitPastedMac('0015.65aa.bbcc')).toEqual(groups);
    expect(splitPastedMac('001565AABBCC')).toEqual(groups);
    expect(splitPastedMac('0:15:65:a:bb:cc')).toEqual(['0', '15', '65', 'a', 'bb', 'cc']);
    expect(splitPastedMac('00:15:65:aa:bb')).toBeUndefined();
    expect(splitPastedMac('00:15:65:aa:bb:cg')).toBeUndefined();
    expect(splitPastedMac('hello')).toBeUndefined();
  });

  it('keeps two hex characters per group and moves what overflows to the next groups', () => {
    const empty = groupsOf('');
    expect(empty).toEqual(['', '', '', '', '', '']);
    expect(typeIntoGroup(empty, 0, '0')).toEqual({ groups: ['0', '', '', '', '', ''], focus: 0 });
    expect(typeIntoGroup(empty, 0, '00')).toEqual({ groups: ['00', '', '', '', '', ''], focus: 1 });
    expect(typeIntoGroup(['00', '', '', '', '', ''], 0, '001')).toEqual({
      groups: ['00', '1', '', '', '', ''],
      focus: 1,
    });
    expect(typeIntoGroup(empty, 1, 'zA;9')).toEqual({ groups: ['', 'a9', '', '', '', ''], focus: 2 });
    expect(typeIntoGroup(empty, 5, 'ff')).toEqual({ groups: ['', '', '', '', '', 'ff'], focus: 5 });
    expect(typeIntoGroup(empty, 4, 'aabbcc')).toEqual({ groups: ['', '', '', '', 'aa', 'bb'], focus: 5 });
  });

  it('normalises to the colon form and refuses anything but six groups of 1-2 hex characters', () => {
    expect(macFromValue('00:15:65:AA:BB:CC')).toBe('00:15:65:aa:bb:cc');
    expect(macFromValue('0:15:65:a:bb:cc')).toBe('00:15:65:0a:bb:cc');
    expect(macFromValue('00:15:65:aa:bb:')).toBeUndefined();
    expect(macFromValue('00:15:65:aa:bb')).toBeUndefined();
    expect(macFromValue('')).toBeUndefined();
    expect(joinGroups(['', '', '', '', '', ''])).toBe('');
    expect(joinGroups(['00', '15', '', '', '', ''])).toBe('00:15::::');
  });
});
