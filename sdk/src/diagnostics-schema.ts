import { z } from 'zod';
import type { DiagnosticsDeclaration } from './diagnostics.js';

/**
 * How a driver's diagnostics declaration is checked when the driver loads (`driver.ts`). Apart from
 * `diagnostics.ts` so that browser code can take that file's values without zod.
 */
const fn = (name: string) =>
  z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', {
    message: `${name} must be a function`,
  });
const withParser = (name: string) =>
  z.object({ command: fn(`${name}.command`), parseLine: fn(`${name}.parseLine`) });
const commandOnly = (name: string) => z.object({ command: fn(`${name}.command`) });

const commandsSchema = z.object({
  log: withParser('log'),
  trace: commandOnly('trace'),
  screenshot: commandOnly('screenshot'),
  ping: withParser('ping'),
  traceroute: withParser('traceroute'),
  exportLog: withParser('exportLog'),
  exportConfig: commandOnly('exportConfig'),
});

export const diagnosticsDeclarationSchema = z.union([
  z.object({ commands: commandsSchema }),
  z.object({ unsupported: z.object({ en: z.string().min(1), 'zh-CN': z.string().min(1) }) }),
]) as unknown as z.ZodType<DiagnosticsDeclaration, DiagnosticsDeclaration>;
