import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { ApiClient } from './test-console.js';

/** A message the peer accepted, as a mail client would read it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

export interface SmtpPeerOptions {
  /** Accounts it takes (AUTH PLAIN/LOGIN over plain text, as a LAN relay may); none: no AUTH. */
  accounts?: Record<string, string>;
  /** Listen on this port (to come back on the same one after `stop`); 0 picks a free one. */
  port?: number;
}

/**
 * A real SMTP server on loopback (the `smtp-server` package) for tests of the console's email:
 * nodemailer speaks the whole protocol to it, and what it accepted is parsed back (`mailparser`).
 * It can be stopped and started again on the same port, as an outage.
 */
export class SmtpPeer {
  readonly received: ReceivedMail[] = [];
  private server: SMTPServer | undefined;
  private portInUse = 0;

  private constructor(private readonly options: SmtpPeerOptions) {}

  static async start(options: SmtpPeerOptions = {}): Promise<SmtpPeer> {
    const peer = new SmtpPeer(options);
    await peer.listen(options.port ?? 0);
    return peer;
  }

  get port(): number {
    return this.portInUse;
  }

  private listen(port: number): Promise<void> {
    const accounts = this.options.accounts;
    const server = new SMTPServer({
      secure: false,
      disabledCommands: accounts ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      authOptional: !accounts,
      allowInsecureAuth: true,
      logger: false,
      onAuth: (auth, _session, callback) => {
        if (accounts && auth.username && accounts[auth.username] === auth.password) {
          callback(null, { user: auth.username });
          return;
        }
        const refused: Error & { responseCode?: number } = new Error('Authentication failed');
        refused.responseCode = 535;
        callback(refused);
      },
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            this.received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.on('error', reject);
      const listening = server.listen(port, '127.0.0.1', () => {
        this.portInUse = (listening.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  /** Stops taking connections (an outage); `resume` listens again on the same port. */
  stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  resume(): Promise<void> {
    return this.listen(this.portInUse);
  }

  /**
   * A peer with one account, made the console's email server by `admin` (the signed-in
   * administrator) through the settings API, as a person would.
   */
  static async serving(admin: ApiClient): Promise<SmtpPeer> {
    const account = { user: 'console@mail.test', password: 'Mail#Peer2026' };
    const peer = await SmtpPeer.start({ accounts: { [account.user]: account.password } });
    const saved = await admin.call('POST', '/emailConfig/save', {
      isFlag: true,
      mailServer: '127.0.0.1',
      mailPort: peer.port,
      mailUser: account.user,
      mailPass: account.password,
      isTls: false,
    });
    if (saved.code !== 0) throw new Error(`email settings refused: ${saved.message}`);
    return peer;
  }

  /** Messages sent to `address`, newest last. */
  to(address: string): ReceivedMail[] {
    return this.received.filter((mail) => mail.to.includes(address.toLowerCase()));
  }
}
