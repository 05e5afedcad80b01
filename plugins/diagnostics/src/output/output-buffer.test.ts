import { describe, expect, it } from 'vitest';
import { MAX_LINE_CHARS, OutputBuffer, utf8Length } from './output-buffer.js';

const note = (bytes: number) => `[${bytes} skipped]`;
const shown = (buffer: OutputBuffer) =>
  Array.from({ length: buffer.length }, (_, index) => {
    const line = buffer.line(index);
    return line.note ? `(${line.text})` : line.text;
  });

describe('the output buffer', () => {
  it('counts offsets in UTF-8 bytes, as the server does', () => {
    expect(utf8Length('abc')).toBe(3);
    expect(utf8Length('é')).toBe(2);
    expect(utf8Length('话机')).toBe(6);
    expect(utf8Length('📞')).toBe(4);
    const buffer = new OutputBuffer(note);
    buffer.append(0, '话机 ok\n');
    // The same text again from a reconnection's backlog, then what follows it.
    buffer.append(0, '话机 ok\nnext\n');
    buffer.append(utf8Length('话机 ok\nnext\n'), 'last\n');
    expect(shown(buffer)).toEqual(['话机 ok', 'next', 'last']);
    expect(buffer.shownEnd).toBe(utf8Length('话机 ok\nnext\nlast\n'));
  });

  it('keeps only what is new of an overlapping chunk', () => {
    const buffer = new OutputBuffer(note);
    buffer.append(0, 'ab');
    buffer.append(1, 'bcd');
    expect(shown(buffer)).toEqual(['abcd']);
    const wide = new OutputBuffer(note);
    wide.append(0, 'x话');
    wide.append(0, 'x话机');
    expect(shown(wide)).toEqual(['x话机']);
  });

  it('puts a note on a line of its own where output was skipped, including before a first backlog', () => {
    const buffer = new OutputBuffer(note);
    buffer.append(100, 'tail of a long run\npartial');
    buffer.append(100 + utf8Length('tail of a long run\npartial') + 50, 'later\n');
    expect(shown(buffer)).toEqual([
      '([100 skipped])',
      'tail of a long run',
      'partial',
      '([50 skipped])',
      'later',
    ]);
  });

  it('drops the oldest lines beyond the cap, with their notes, numbering lines from the start', () => {
    const buffer = new OutputBuffer(note, 3);
    buffer.append(10, 'a\nb\n');
    buffer.append(14, 'c\nd\ne\n');
    expect(shown(buffer)).toEqual(['c', 'd', 'e']);
    expect(buffer.dropped).toBe(3);
    expect(buffer.line(0).number).toBe(3);
  });

  it('cuts a line written without newlines into rows of at most the limit', () => {
    const buffer = new OutputBuffer(note);
    buffer.append(0, 'x'.repeat(MAX_LINE_CHARS + 10));
    buffer.append(MAX_LINE_CHARS + 10, 'y\n');
    expect(shown(buffer)).toEqual(['x'.repeat(MAX_LINE_CHARS), `${'x'.repeat(10)}y`]);
  });
});
