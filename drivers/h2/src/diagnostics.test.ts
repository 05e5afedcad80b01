import { checkDiagnosticHost, diagnosticsFor, shellCommand } from '@phonefleet/sdk';
import { describe, expect, it } from 'vitest';
import driver from './index.js';

describe('h2 diagnostics', () => {
  it('runs ping with the host as the last argument, quoted for the phone’s shell', () => {
    const diagnostics = diagnosticsFor(driver, 'H2P');
    if (!diagnostics.supported) throw new Error('H2P has diagnostics');
    const checked = checkDiagnosticHost('pbx.example.com');
    if (!checked.ok) throw new Error('valid host');
    const argv = diagnostics.commands.ping.command(checked.host, 4);
    expect(argv).toEqual(['ping', '-n', '-O', '-W', '2', '-c', '4', 'pbx.example.com']);
    expect(shellCommand(argv)).toBe("'ping' '-n' '-O' '-W' '2' '-c' '4' 'pbx.example.com'");
    expect(() => diagnostics.commands.ping.command(checked.host, 101)).toThrow(RangeError);
    expect(diagnostics.commands.log.command('warning')).toEqual(['logread', '-f', '-l', 'warning']);
  });
});
