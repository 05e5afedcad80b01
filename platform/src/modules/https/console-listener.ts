import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import tls from 'node:tls';
import type { Logger } from 'pino';
import { type TlsMaterial, tlsOptions } from './certificate.js';

export interface ListenerSetting {
  protocol: 'http' | 'https';
  port: number;
  tls?: TlsMaterial;
}

interface OpenListener {
  setting: ListenerSetting;
  server: net.Server;
}

type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

/** Lets the port go: the listening socket closes now; connections already accepted carry on. */
function stopAccepting(server: net.Server): Promise<void> {
  server.close();
  return new Promise((resolve) => setImmediate(resolve));
}

function listen(server: net.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: Error) => reject(error);
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
}

/**
 * Where browsers reach the console (docs/https.md). The console's one `http.Server` (the Koa app and
 * socket.io) listens on the start port as before, plain HTTP: phones keep the URL they were given.
 * A setting on another port (or HTTPS) opens a listener there whose connections, TLS ones once the
 * handshake is done, are handed to that same server, so nothing above the socket changes and no
 * session or open connection is lost by a switch. HTTPS on the start port itself takes the port
 * over. Browser page loads that reach the start port while the console is elsewhere are redirected.
 */
export class ConsoleListener {
  private server: Server | undefined;
  private startPort: number | undefined;
  private host = '0.0.0.0';
  private extra: OpenListener | undefined;
  private current: ListenerSetting | undefined;
  private readonly consoleSockets = new WeakSet<object>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly logger: Logger) {}

  /** Called before the server listens; the start port is known once it does. */
  attach(server: Server, onListening: () => void): void {
    this.server = server;
    const handlers = server.listeners('request') as RequestHandler[];
    server.removeAllListeners('request');
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const location = this.redirectFor(request);
      if (location) {
        response.writeHead(307, { Location: location, 'Cache-Control': 'no-store' });
        response.end();
        return;
      }
      for (const handler of handlers) handler.call(server, request, response);
    });
    server.once('listening', () => {
      const address = server.address() as AddressInfo;
      this.startPort = address.port;
      this.host = address.address === '::' ? '0.0.0.0' : address.address;
      onListening();
    });
  }

  /** The setting in force on this instance (undefined: the start port, plain HTTP). */
  get setting(): ListenerSetting | undefined {
    return this.current;
  }

  get port(): number | undefined {
    return this.startPort;
  }

  /** Applies settings one at a time; refuses (changing nothing) when the port cannot be opened. */
  apply(target: ListenerSetting | undefined): Promise<void> {
    const run = this.queue.then(() => this.applyNow(target));
    this.queue = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    await this.queue;
    if (this.extra) await stopAccepting(this.extra.server);
    this.extra = undefined;
  }

  private onStartPort(target: ListenerSetting | undefined): boolean {
    return !target || (target.protocol === 'http' && target.port === this.startPort);
  }

  private async applyNow(target: ListenerSetting | undefined): Promise<void> {
    const server = this.server;
    if (!server || this.startPort === undefined) throw new Error('the console is not listening yet');
    if (this.onStartPort(target)) {
      await this.listenOnStartPort();
      if (this.extra) await stopAccepting(this.extra.server);
      this.extra = undefined;
      this.current = target;
      return;
    }
    const wanted = target as ListenerSetting;
    const old = this.extra;
    if (old && old.setting.port === wanted.port && old.setting.protocol === wanted.protocol) {
      // A new certificate on the same listener: new handshakes use it.
      if (wanted.tls) (old.server as tls.Server).setSecureContext(tlsOptions(wanted.tls));
      old.setting = wanted;
      this.current = wanted;
      return;
    }
    const samePortAsOld = old?.setting.port === wanted.port;
    const takesStartPort = wanted.port === this.startPort;
    if (old && samePortAsOld) await stopAccepting(old.server);
    if (takesStartPort && server.listening) await stopAccepting(server);
    try {
      this.extra = await this.open(wanted);
    } catch (error) {
      if (takesStartPort) await this.listenOnStartPort();
      if (old && samePortAsOld) this.extra = await this.open(old.setting);
      throw error;
    }
    if (old && !samePortAsOld) await stopAccepting(old.server);
    if (!takesStartPort) await this.listenOnStartPort();
    this.current = wanted;
  }

  private async listenOnStartPort(): Promise<void> {
    const server = this.server as Server;
    if (!server.listening) await listen(server, this.startPort as number, this.host);
  }

  private async open(setting: ListenerSetting): Promise<OpenListener> {
    const server = this.server as Server;
    const handOver = (socket: net.Socket) => {
      this.consoleSockets.add(socket);
      server.emit('connection', socket);
    };
    const listener =
      setting.protocol === 'https' && setting.tls
        ? tls.createServer({ ...tlsOptions(setting.tls), ALPNProtocols: ['http/1.1'] }, handOver)
        : net.createServer(handOver);
    listener.on('tlsClientError', (error: Error) =>
      this.logger.debug({ err: error }, 'TLS handshake failed'),
    );
    await listen(listener, setting.port, this.host);
    this.logger.info({ protocol: setting.protocol, port: setting.port }, 'console listener opened');
    return { setting, server: listener };
  }

  /** A page load on the start port while the console listens elsewhere goes there; phones and API calls do not. */
  private redirectFor(request: IncomingMessage): string | undefined {
    const target = this.current;
    if (!target || this.onStartPort(target) || this.consoleSockets.has(request.socket)) return undefined;
    if (target.port === this.startPort) return undefined;
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    if (!request.headers.accept?.includes('text/html') || request.url?.startsWith('/api/')) return undefined;
    const hostname = new URL(`http://${request.headers.host ?? 'localhost'}`).hostname;
    const defaultPort = target.protocol === 'https' ? 443 : 80;
    const port = target.port === defaultPort ? '' : `:${target.port}`;
    return `${target.protocol}://${hostname}${port}${request.url ?? '/'}`;
  }
}
