/**
 * The zero-touch test's other side (pnp.test.ts), run as a child process inside a network namespace
 * of its own (loopback multicast) or, where namespaces are refused, on 127.0.0.1 unicast: for each
 * phase it starts a console on the test's database with the phase's plug-and-play settings, boots
 * simulated phones that know no URL, and prints what each phone got as one `RESULT <json>` line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SimulatedPhone, sampleFirmware } from '@phonefleet/sdk/testing';
import pino from 'pino';
import { startConsole } from '../../app.js';

export interface ChildPhone {
  model: string;
  mac: string;
}

export interface ChildPhase {
  name: string;
  pnpEnabled: boolean;
  /** The task engine's SIP socket on 0.0.0.0:5060, so the responder shares it (multicast only). */
  engineOn5060?: boolean;
  defaultUrlToConsole?: boolean;
  phones: ChildPhone[];
}

export interface ChildPlan {
  databaseUrl: string;
  multicast: boolean;
  phases: ChildPhase[];
}

export interface PhoneOutcome {
  mac: string;
  /** The URL the NOTIFY carried; null when nothing answered. */
  url: string | null;
  /** Its own file fetched again from that URL after the boot: status and the start of the text. */
  status: number | null;
  body: string;
  /** What the phone read from that file (catalogue path → value). */
  values: Record<string, string>;
}

export interface PhaseOutcome {
  name: string;
  consoleUrl: string;
  /** The responder shares the task engine's socket. */
  shared: boolean;
  listening: { address: string; port: number } | null;
  phones: PhoneOutcome[];
}

/** The URL given to phones names the console's port, so the port is chosen before the start. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function runPhase(plan: ChildPlan, phase: ChildPhase): Promise<PhaseOutcome> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'phonefleet-pnp-'));
  const port = await freePort();
  const consoleUrl = `http://127.0.0.1:${port}`;
  const running = await startConsole(
    {
      port,
      publicUrl: consoleUrl,
      host: '127.0.0.1',
      sipAddress: phase.engineOn5060 ? '0.0.0.0' : '127.0.0.1',
      sipPort: phase.engineOn5060 ? 5060 : 0,
      sipPortExplicit: phase.engineOn5060 === true,
      databaseUrl: plan.databaseUrl,
      dataDir,
      adminPassword: 'Admin@2026',
      pnp: {
        enabled: phase.pnpEnabled,
        group: plan.multicast ? '224.0.1.75' : '',
        address: plan.multicast ? '0.0.0.0' : '127.0.0.1',
        port: plan.multicast ? 5060 : 0,
        interfaceAddress: plan.multicast ? '127.0.0.1' : '',
        defaultUrl: phase.defaultUrlToConsole ? `${consoleUrl}/prov/` : undefined,
      },
    },
    pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  );
  try {
    const { pnpResponder, taskEngine, driverRegistry } = running.cradle;
    const listening = pnpResponder.listening ?? null;
    const target = plan.multicast ? undefined : { host: '127.0.0.1', port: listening?.port ?? 9 };
    const phones: PhoneOutcome[] = [];
    for (const spec of phase.phones) {
      const driver = driverRegistry.model(spec.model)?.driver;
      if (!driver) throw new Error(`no driver has the model ${spec.model}`);
      const firmware = sampleFirmware({ driver, model: spec.model }) ?? '1.0.0';
      const phone = new SimulatedPhone({
        driver,
        model: spec.model,
        mac: spec.mac,
        firmware,
        sipPort: 0,
        httpPort: false,
      });
      await phone.start();
      try {
        const url = await phone.bootZeroTouch({ target, timeoutMs: 2000 });
        const again = url === undefined ? undefined : await phone.fetchConfig();
        phones.push({
          mac: spec.mac,
          url: url ?? null,
          status: again?.status ?? null,
          body: again?.body.slice(0, 200) ?? '',
          values: Object.fromEntries(again?.values ?? []),
        });
      } finally {
        await phone.stop();
      }
    }
    const engine = taskEngine.sipEndpoint;
    return {
      name: phase.name,
      consoleUrl: running.url,
      shared: engine !== undefined && listening !== null && engine.address.port === listening.port,
      listening,
      phones,
    };
  } finally {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const plan = JSON.parse(process.env.PNP_CHILD_PLAN ?? '{}') as ChildPlan;
const outcomes: PhaseOutcome[] = [];
for (const phase of plan.phases) outcomes.push(await runPhase(plan, phase));
process.stdout.write(`RESULT ${JSON.stringify(outcomes)}\n`);
process.exit(0);
