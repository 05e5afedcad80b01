/** Lines kept in memory per session; older ones are dropped (the download holds everything). */
export const MAX_OUTPUT_LINES = 50_000;
/** A line longer than this (a phone writing without newlines) is cut into rows of this many characters. */
export const MAX_LINE_CHARS = 4096;

/** Bytes of `text` in UTF-8, as the server counts output offsets (a lone surrogate is U+FFFD: 3). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      index++;
    } else bytes += 3;
  }
  return bytes;
}

/** `text` without its first `skip` UTF-8 bytes (a character cut by `skip` goes whole). */
function withoutLeadingBytes(text: string, skip: number): string {
  let bytes = 0;
  let index = 0;
  while (index < text.length && bytes < skip) {
    const code = text.charCodeAt(index);
    const pair = code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : pair ? 4 : 3;
    index += pair ? 2 : 1;
  }
  return text.slice(index);
}

/** One row of the output: its text, and whether it is the console's note rather than the phone's. */
export interface OutputLine {
  /** Absolute line number since the session began (stable while older lines are dropped). */
  number: number;
  text: string;
  note: boolean;
}

/**
 * A session's text output as lines, fed with what the server sends: chunks at UTF-8 byte offsets
 * of the session's output, which may overlap what was already shown (a backlog after a reconnect)
 * or leave a gap (output skipped for a slow browser, marked by a note line). Keeps at most
 * `maxLines` lines; a line may arrive over several chunks.
 */
export class OutputBuffer {
  private readonly lines: string[] = [''];
  private readonly notes = new Set<number>();
  private first = 0;
  private end = 0;

  constructor(
    /** The note put where output was skipped, for that many bytes. */
    private readonly skippedNote: (bytes: number) => string,
    private readonly maxLines = MAX_OUTPUT_LINES,
  ) {}

  /** Lines shown (an empty last line, after a final newline, is not one yet). */
  get length(): number {
    return this.lines.at(-1) === '' ? this.lines.length - 1 : this.lines.length;
  }

  /** Lines dropped from the top to keep within the cap. */
  get dropped(): number {
    return this.first;
  }

  /** The byte offset just after what has been shown. */
  get shownEnd(): number {
    return this.end;
  }

  line(index: number): OutputLine {
    const number = this.first + index;
    return { number, text: this.lines[index] ?? '', note: this.notes.has(number) };
  }

  /** Adds output that starts at byte `offset`; what was shown already is not shown twice. */
  append(offset: number, text: string): void {
    const bytes = utf8Length(text);
    if (bytes === 0 || offset + bytes <= this.end) return;
    if (offset < this.end) this.write(withoutLeadingBytes(text, this.end - offset));
    else {
      if (offset > this.end) this.note(this.skippedNote(offset - this.end));
      this.write(text);
    }
    this.end = offset + bytes;
    this.trim();
  }

  private write(text: string): void {
    const parts = text.split('\n');
    for (let index = 0; index < parts.length; index++) {
      if (index > 0) this.lines.push('');
      this.extend(parts[index] ?? '');
    }
  }

  /** Adds to the open (last) line, cutting it into rows of at most `MAX_LINE_CHARS`. */
  private extend(piece: string): void {
    const last = this.lines.length - 1;
    let open = (this.lines[last] ?? '') + piece;
    while (open.length > MAX_LINE_CHARS) {
      this.lines[this.lines.length - 1] = open.slice(0, MAX_LINE_CHARS);
      this.lines.push('');
      open = open.slice(MAX_LINE_CHARS);
    }
    this.lines[this.lines.length - 1] = open;
  }

  /** A line of its own saying what happened, between the phone's lines. */
  private note(text: string): void {
    if (this.lines.at(-1) !== '') this.lines.push('');
    this.lines[this.lines.length - 1] = text;
    this.notes.add(this.first + this.lines.length - 1);
    this.lines.push('');
  }

  private trim(): void {
    const excess = this.length - this.maxLines;
    if (excess <= 0) return;
    this.lines.splice(0, excess);
    this.first += excess;
    for (const number of this.notes) if (number < this.first) this.notes.delete(number);
  }
}
