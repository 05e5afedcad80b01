import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkDiagnosticHost,
  diagnosticsFor,
  quoteShellArgument,
  shellCommand,
  startsWithPcapHeader,
  startsWithPngSignature,
} from './diagnostics.js';

const run = promisify(execFile);

/** Runs a command string the way an SSH server hands `exec` to the phone's shell. */
async function sh(command: string): Promise<string> {
  const { stdout } = await run('/bin/sh', ['-c', command]);
  return stdout;
}

/** The words the shell passed to `printf`, one per NUL: what the program really received. */
async function argvSeenByShell(words: string[]): Promise<string[]> {
  const out = await sh(shellCommand(['printf', '%s\\0', ...words]));
  return out.split('\0').slice(0, -1);
}

describe('diagnostic host', () => {
  it.each([
    '10.0.0.1',
    '255.255.255.255',
    'pbx.example.com',
    'pbx',
    'pbx.example.com.',
    'a-b.c-d',
    '::1',
    'fe80::1%eth0',
    '2001:db8::8a2e:370:7334',
    '2001:0db8:0000:0000:0000:ff00:0042:8329',
    '::ffff:192.0.2.1',
    '  10.0.0.1  ',
  ])('accepts %j', (host) => {
    expect(checkDiagnosticHost(host)).toEqual({ ok: true, host: host.trim() });
  });

  it.each(['', '   ', undefined, null])('requires a host (%j)', (host) => {
    expect(checkDiagnosticHost(host)).toEqual({ ok: false, message: 'diagnosticsHostRequired' });
  });

  it.each([
    'x; touch /tmp/pwned',
    '$(touch /tmp/pwned)',
    '`id`',
    'a b',
    'host|cat',
    'host&',
    'host>file',
    "it's",
    '-f',
    '--help',
    '-c1000000',
    'a..b',
    '-pbx.example.com',
    'pbx-.example.com',
    '256.1.1.1',
    '010.0.0.1',
    '10.0.0.1.',
    '999.1.1.1',
    '1:2:3:4:5:6:7:8:9',
    '1::2::3',
    '::1%eth0;id',
    '[::1]',
    'host\nname',
    'pbx_1.example.com',
    'é.example.com',
    `${'a'.repeat(64)}.com`,
  ])('refuses %j', (host) => {
    expect(checkDiagnosticHost(host)).toEqual({ ok: false, message: 'diagnosticsHostInvalid' });
  });
});

describe('shell quoting of an argv', () => {
  const marker = join(tmpdir(), `pwned-${randomBytes(8).toString('hex')}`);
  afterEach(() => rmSync(marker, { force: true }));

  it('quotes every word in single quotes, closing them around a quote', () => {
    expect(quoteShellArgument('a b')).toBe("'a b'");
    expect(quoteShellArgument("it's")).toBe("'it'\\''s'");
    expect(quoteShellArgument('')).toBe("''");
    expect(shellCommand(['ping', '-c', '3', '10.0.0.1'])).toBe("'ping' '-c' '3' '10.0.0.1'");
  });

  it('refuses what no shell word can carry', () => {
    expect(() => quoteShellArgument('a\0b')).toThrow(/NUL/);
    expect(() => shellCommand([])).toThrow(/program/);
  });

  it.each([
    `x; touch ${marker}`,
    `$(touch ${marker})`,
    `\`touch ${marker}\``,
    `x && touch ${marker}`,
    `x | touch ${marker}`,
    `x\ntouch ${marker}`,
    `'; touch ${marker}; '`,
    `"; touch ${marker}; "`,
    `\\'; touch ${marker}; #`,
    `x > ${marker}`,
  ])('a real /bin/sh runs %j as one argument and creates nothing', async (host) => {
    // The proof needs a test that can fail: naive quoting (none, bare single or double quotes) does create the file.
    for (const naive of [host, `'${host}'`, `"${host}"`]) {
      await sh(`printf %s ${naive}`).catch(() => undefined);
    }
    expect(existsSync(marker)).toBe(true);
    rmSync(marker, { force: true });

    const out = await sh(shellCommand(['printf', '%s', host]));
    expect(out).toBe(host);
    expect(existsSync(marker)).toBe(false);
  });

  it('round-trips any words through a real /bin/sh', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.string({ unit: 'binary-ascii', maxLength: 30 }).map((s) => s.replaceAll('\0', '')),
            fc.string({ unit: 'grapheme', maxLength: 10 }),
            fc.constantFrom("'", "''", '\\', '$HOME', '*', '~', '!', '#x', '-n', '%s', ' ', '\n'),
          ),
          { minLength: 1, maxLength: 6 },
        ),
        async (words) => {
          expect(await argvSeenByShell(words)).toEqual(words);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('diagnostics of a model', () => {
  const commands = {
    log: { command: () => ['logread'] as const, parseLine: () => undefined },
    trace: { command: () => ['tcpdump'] as const },
    screenshot: { command: () => ['fbgrab'] as const },
    ping: { command: () => ['ping'] as const, parseLine: () => undefined },
    traceroute: { command: () => ['traceroute'] as const, parseLine: () => undefined },
    exportLog: { command: () => ['logread'] as const, parseLine: () => undefined },
    exportConfig: { command: () => ['cat'] as const },
  };
  const reason = { en: 'No SSH on this model', 'zh-CN': '该型号没有 SSH' };

  it('takes the model’s declaration over the family’s, and gives a reason when there is none', () => {
    const driver = {
      diagnostics: { commands },
      models: [{ id: 'A1' }, { id: 'A2', diagnostics: { unsupported: reason } }],
    };
    expect(diagnosticsFor(driver, 'a1')).toEqual({ supported: true, commands });
    expect(diagnosticsFor(driver, 'A2')).toEqual({ supported: false, reason });
    expect(diagnosticsFor({ models: [{ id: 'A1' }] }, 'A1')).toEqual({
      supported: false,
      reason: {
        en: 'The driver of this model declares no diagnostics',
        'zh-CN': '该型号的驱动未声明诊断功能',
      },
    });
  });
});

describe('capture formats', () => {
  it('recognises pcap headers in both byte orders and PNG signatures', () => {
    const header = Buffer.alloc(24);
    header.writeUInt32LE(0xa1b2c3d4, 0);
    expect(startsWithPcapHeader(header)).toBe(true);
    header.writeUInt32BE(0xa1b23c4d, 0);
    expect(startsWithPcapHeader(header)).toBe(true);
    expect(startsWithPcapHeader(Buffer.from('not a pcap, just some text'))).toBe(false);
    expect(startsWithPngSignature(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      true,
    );
    expect(startsWithPngSignature(Buffer.from('GIF89a..'))).toBe(false);
  });
});
