import type { ProvisionedLine } from '../lines.js';
import { SipUdpEndpoint } from '../sip/endpoint.js';
import { lineRegistration, register } from '../sip/register.js';

/** A provisioned line as the phone sees it after its last registration attempt. */
export interface LineStatus {
  userName: string;
  state: 'registered' | 'failed' | 'unregistered';
  /** Why it failed, or why its unregistration was not acknowledged. */
  reason?: string;
}

type LineValues = ProvisionedLine['values'];

const UNSUPPORTED_TRANSPORT = 'transport not supported by the simulator';

/** What the lines need of their phone. */
export interface LinesPhone {
  address(): string;
  sipPort(): number;
  /** Its own SIP endpoint once started; without one a temporary endpoint on its address is used. */
  endpoint(): SipUdpEndpoint | undefined;
  report(
    event: 'registered' | 'unregistered' | 'registrationFailed',
    line: { line: number; account: string; reason?: string },
  ): Promise<number>;
}

/**
 * A simulated phone's provisioned SIP lines: registered for real with the server of each line
 * (`register`, digest over UDP) after each fetch, and reported by action URL (docs/phone-simulator.md).
 */
export class PhoneLines {
  /** Its lines by number: what the last registration or unregistration of each gave. */
  readonly status = new Map<number, LineStatus>();
  /** The values each line was last registered (or tried) with: what a resync compares. */
  private readonly tried = new Map<number, LineValues>();
  /** One reconciliation at a time (a boot and a NOTIFY may overlap). */
  private work: Promise<void> = Promise.resolve();
  private readonly temporaryEndpoints = new Set<SipUdpEndpoint>();
  /** Set while its phone stops: nothing new starts and nothing is reported. */
  stopping = false;

  constructor(private readonly phone: LinesPhone) {}

  settled(): Promise<void> {
    return this.work;
  }

  async closeTemporaryEndpoints(): Promise<void> {
    for (const endpoint of this.temporaryEndpoints) await endpoint.close();
  }

  /**
   * Brings the registrar in line with the file: lines that disappeared are unregistered (Expires: 0),
   * new and changed ones registered (after unregistering the old address of record when it changed),
   * each reported by action URL. After a reboot every line is registered again.
   */
  reconcile(lines: ProvisionedLine[], { rebooted }: { rebooted: boolean }): Promise<void> {
    const run = this.work.then(() => this.applyLines(lines, rebooted));
    this.work = run.catch(() => undefined);
    return run;
  }

  private async applyLines(lines: ProvisionedLine[], rebooted: boolean): Promise<void> {
    const wanted = new Map(lines.map((line) => [line.line, line.values]));
    const changed = [...new Set([...this.tried.keys(), ...wanted.keys()])].filter((line) => {
      const before = this.tried.get(line);
      const after = wanted.get(line);
      return rebooted || !before || !after || !sameValues(before, after);
    });
    if (changed.length === 0 || this.stopping) return;
    const own = this.phone.endpoint();
    const sip = own ?? (await SipUdpEndpoint.bind({ address: this.phone.address(), port: 0 }));
    if (sip !== own) {
      if (this.stopping) return sip.close();
      this.temporaryEndpoints.add(sip);
    }
    try {
      const outcomes = await Promise.allSettled(
        changed.map((line) => this.applyLine(sip, line, wanted.get(line))),
      );
      const failure = outcomes.find((outcome) => outcome.status === 'rejected');
      if (failure) throw failure.reason;
    } finally {
      if (this.temporaryEndpoints.delete(sip)) await sip.close();
    }
  }

  private async applyLine(sip: SipUdpEndpoint, line: number, values: LineValues | undefined): Promise<void> {
    const before = this.tried.get(line);
    const status = this.status.get(line);
    const contact = { host: this.phone.address(), port: this.phone.sipPort() || sip.address.port };
    if (before && status?.state === 'registered' && (!values || binding(before) !== binding(values))) {
      const result = await register(sip, lineRegistration(before, contact, 0));
      const reason = result.ok ? undefined : result.reason;
      this.status.set(line, { userName: status.userName, state: 'unregistered', reason });
      if (!this.stopping) await this.phone.report('unregistered', { line, account: status.userName });
    } else if (!values && status) {
      this.status.set(line, { userName: status.userName, state: 'unregistered' });
    }
    if (!values) {
      this.tried.delete(line);
      return;
    }
    this.tried.set(line, values);
    const account = values.UserName ?? '';
    const result =
      (values.Transport || '0') === '0'
        ? await register(sip, lineRegistration(values, contact))
        : { ok: false as const, reason: UNSUPPORTED_TRANSPORT };
    this.status.set(
      line,
      result.ok
        ? { userName: account, state: 'registered' }
        : { userName: account, state: 'failed', reason: result.reason },
    );
    if (this.stopping) return;
    if (result.ok) await this.phone.report('registered', { line, account });
    else await this.phone.report('registrationFailed', { line, account, reason: result.reason });
  }
}

const sameValues = (a: LineValues, b: LineValues) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
const sorted = (values: LineValues) => Object.entries(values).sort(([x], [y]) => x.localeCompare(y));

/** Who registers where: when it changes, the old binding is removed first. */
const binding = (values: LineValues) =>
  [values.UserName, values.RegisterName, values.ServerAddress, values.ServerPort, values.OutboundProxy].join(
    '|',
  );
