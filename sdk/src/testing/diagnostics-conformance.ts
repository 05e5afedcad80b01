import fc from 'fast-check';
import {
  type Argv,
  checkDiagnosticHost,
  type DiagnosticCommands,
  type DiagnosticHost,
  diagnosticsFor,
  LOG_LEVELS,
} from '../diagnostics.js';
import type { DriverManifest } from '../driver.js';
import { pingOutput, simulatedLogLine, tracerouteOutput } from './phone-ssh-output.js';

interface Check {
  name: string;
  run(): void;
}

function assert(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

const SHELLS = /(^|\/)(sh|bash|ash|dash|zsh|ksh|busybox)$/;

function assertArgv(argv: Argv, what: string): void {
  assert(Array.isArray(argv) && argv.length > 0, `${what}: not an argv array`);
  for (const word of argv) assert(typeof word === 'string' && !word.includes('\0'), `${what}: bad word`);
  assert((argv[0] ?? '') !== '' && !SHELLS.test(argv[0] ?? ''), `${what}: runs a shell (${argv[0]})`);
}

function hostOf(text: string): DiagnosticHost {
  const checked = checkDiagnosticHost(text);
  if (!checked.ok) throw new Error(`${text} is not a host`);
  return checked.host;
}

/** Checks of a driver's diagnostics (issue 17), run by `driverConformance` for every model that has them. */
export function diagnosticsConformance(driver: DriverManifest): Check[] {
  const supported = driver.models.flatMap((model) => {
    const diagnostics = diagnosticsFor(driver, model.id);
    return diagnostics.supported ? [{ model: model.id, commands: diagnostics.commands }] : [];
  });
  const each = (run: (commands: DiagnosticCommands, model: string) => void) => () => {
    for (const { model, commands } of supported) run(commands, model);
  };
  return [
    {
      name: 'diagnostics: every model has commands or a reason users can read',
      run() {
        for (const model of driver.models) {
          const diagnostics = diagnosticsFor(driver, model.id);
          if (!diagnostics.supported) {
            assert(diagnostics.reason.en.trim() !== '', `${model.id}: empty reason`);
            assert(diagnostics.reason['zh-CN'].trim() !== '', `${model.id}: empty zh-CN reason`);
          }
        }
      },
    },
    {
      name: 'diagnostics: commands are argv arrays that take the host as one whole argument',
      run: each((commands, model) => {
        const logCommands = LOG_LEVELS.map((level) => commands.log.command(level));
        for (const [index, argv] of logCommands.entries())
          assertArgv(argv, `${model} log ${LOG_LEVELS[index]}`);
        assert(
          new Set(logCommands.map((argv) => JSON.stringify(argv))).size === LOG_LEVELS.length,
          `${model}: log levels give the same command`,
        );
        for (const action of ['trace', 'screenshot', 'exportLog', 'exportConfig'] as const) {
          assertArgv(commands[action].command(), `${model} ${action}`);
        }
        for (const text of ['10.0.0.1', 'pbx.example.com', 'fe80::1%eth0']) {
          const host = hostOf(text);
          for (const [action, argv] of [
            ['ping', commands.ping.command(host, 3)],
            ['traceroute', commands.traceroute.command(host)],
          ] as const) {
            assertArgv(argv, `${model} ${action}`);
            assert(
              argv.filter((word) => word === text).length === 1,
              `${model} ${action}: host not one argument`,
            );
            assert(
              !argv.some((word) => word !== text && word.includes(text)),
              `${model} ${action}: host in a word`,
            );
          }
        }
        let refused = false;
        try {
          commands.ping.command(hostOf('10.0.0.1'), 0);
        } catch {
          refused = true;
        }
        assert(refused, `${model}: ping count 0 accepted`);
      }),
    },
    {
      name: 'diagnostics: parsers read the simulated phone’s output',
      run: each((commands, model) => {
        const time = new Date(Date.UTC(2026, 10, 5, 9, 8, 7));
        for (const level of LOG_LEVELS) {
          const entry = commands.log.parseLine(simulatedLogLine(time, level));
          assert(entry?.level === level, `${model}: log line at ${level} read as ${JSON.stringify(entry)}`);
          assert(entry.time.includes('09:08:07'), `${model}: log time ${entry.time}`);
        }
        const ping = commands.ping.parseLine;
        const reply = ping(pingOutput.reply('10.0.0.1', 2, 0.512));
        assert(reply?.kind === 'reply' && reply.seq === 2 && reply.timeMs === 0.512, `${model}: reply line`);
        assert(
          JSON.stringify(ping(pingOutput.timeout(3))) === '{"kind":"timeout","seq":3}',
          `${model}: timeout`,
        );
        const summary = ping(pingOutput.summary(3, 2, 2003));
        assert(
          summary?.kind === 'summary' && summary.received === 2 && summary.lossPercent === 33,
          'summary',
        );
        assert(ping(pingOutput.roundTrip([0.4, 0.6]))?.kind === 'roundTrip', `${model}: round trip line`);
        assert(ping(pingOutput.header('pbx', '10.0.0.1')) === undefined, `${model}: header read as a result`);
        const trace = commands.traceroute.parseLine;
        const hop = trace(tracerouteOutput.hop(1, '192.168.1.1', [0.5, 0.4, 0.3]));
        assert(hop?.hop === 1 && hop.address === '192.168.1.1' && hop.timesMs.length === 3, `${model}: hop`);
        const silent = trace(tracerouteOutput.silentHop(12));
        assert(silent?.hop === 12 && silent.address === undefined, `${model}: silent hop`);
        assert(JSON.stringify(silent.timesMs) === '[null,null,null]', `${model}: silent hop probes`);
        assert(
          trace(tracerouteOutput.header('pbx', '10.0.0.1', 30)) === undefined,
          `${model}: header as hop`,
        );
      }),
    },
    {
      name: 'diagnostics: parsers never throw, whatever a line holds',
      run: each((commands) => {
        const parsers = [
          commands.log.parseLine,
          commands.exportLog.parseLine,
          commands.ping.parseLine,
          commands.traceroute.parseLine,
        ];
        fc.assert(
          fc.property(fc.string({ unit: 'binary', maxLength: 120 }), (line) => {
            for (const parse of parsers) parse(line);
          }),
          { numRuns: 300 },
        );
      }),
    },
  ];
}
