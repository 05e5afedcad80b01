import { checkDiagnosticHost, diagnosticsFor } from '@phonefleet/sdk';
import { describe, expect, it } from 'vitest';
import driver from './index.js';

describe('v-series diagnostics', () => {
  it('declares none for the V62, with the reason users see', () => {
    const v62 = diagnosticsFor(driver, 'V62');
    expect(v62.supported).toBe(false);
    if (!v62.supported) expect(v62.reason.en).toContain('no SSH server');
  });

  it('runs the same commands on the other models', () => {
    const checked = checkDiagnosticHost('10.0.0.1');
    if (!checked.ok) throw new Error('valid host');
    for (const model of ['V64', 'V65', 'V67']) {
      const diagnostics = diagnosticsFor(driver, model);
      if (!diagnostics.supported) throw new Error(`${model} has diagnostics`);
      expect(diagnostics.commands.ping.command(checked.host, 2)).toEqual([
        'ping',
        '-O',
        '-c',
        '2',
        '10.0.0.1',
      ]);
      expect(diagnostics.commands.screenshot.command()).toEqual(['screencap', '-p']);
    }
  });
});
