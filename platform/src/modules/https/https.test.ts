import https from 'node:https';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningConsole } from '../../app.js';
import { makeTestCertificates, type TestCertificates } from '../../testing/certificates.js';
import { createTenant } from '../../testing/tenants.js';
import { ApiClient, createTestConsole, TEST_ADMIN_PASSWORD } from '../../testing/test-console.js';
import { until } from '../../testing/until.js';

let running: RunningConsole;
let admin: ApiClient;
let certs: TestCertificates;

async function freePort(host = '127.0.0.1'): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, host, resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A real HTTPS request that trusts only the test CA (and checks the host name against it). */
function httpsGet(
  host: string,
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; subject: string }> {
  return new Promise((resolve, reject) => {
    const request = https.get(
      { host, port, path, ca: certs.caCertificate, headers, agent: false },
      (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body,
            subject:
              (response.socket as import('node:tls').TLSSocket)
                .getPeerCertificate()
                .subject?.CN?.toString() ?? '',
          }),
        );
      },
    );
    request.on('error', reject);
  });
}

const file = (text: string, name: string) => new File([text], name);

function form(fields: {
  httpProtocal: string;
  port: number | string;
  pem?: File;
  key?: File;
  ca?: File;
}): FormData {
  const body = new FormData();
  body.append('httpProtocal', fields.httpProtocal);
  body.append('port', String(fields.port));
  if (fields.pem) body.append('pemFile', fields.pem);
  if (fields.key) body.append('keyFile', fields.key);
  if (fields.ca) body.append('caFile', fields.ca);
  return body;
}

const httpsForm = (port: number, overrides: Partial<{ pem: File; key: File; ca: File }> = {}) =>
  form({
    httpProtocal: 'https',
    port,
    pem: file(certs.certificate, 'server.crt'),
    key: file(certs.key, 'server.key'),
    ca: file(certs.caCertificate, 'ca.pem'),
    ...overrides,
  });

beforeAll(async () => {
  certs = await makeTestCertificates();
  running = await createTestConsole();
  admin = new ApiClient(running.url);
  await admin.signIn('admin', TEST_ADMIN_PASSWORD);
}, 60_000);

afterAll(async () => {
  await running?.stop();
});

describe('HTTP/HTTPS setting', () => {
  let httpsPort: number;

  it('shows plain HTTP on the start port until one is saved', async () => {
    const view = await admin.call('GET', '/common/httpCA');
    expect(view.rows[0]).toEqual({
      httpProtocal: 'http',
      port: Number(new URL(running.url).port),
      certificate: null,
    });
  });

  it('switches to HTTPS without a restart: a real TLS request succeeds with the same session', async () => {
    httpsPort = await freePort();
    const saved = await admin.call('POST', '/common/setHttpCA', httpsForm(httpsPort));
    expect([saved.code, saved.message]).toEqual([0, 'Saved: the console now answers on the new address']);
    expect(saved.rows[0]).toMatchObject({
      httpProtocal: 'https',
      port: httpsPort,
      certificate: { subject: 'CN=localhost', expired: false },
    });
    expect(JSON.stringify(saved)).not.toContain('PRIVATE KEY');
    const init = await httpsGet('127.0.0.1', httpsPort, '/api/homepage/init', { Cookie: admin.cookieHeader });
    expect(init.status).toBe(200);
    expect(JSON.parse(init.body)).toMatchObject({
      code: 0,
      result: { rows: [{ user: { userName: 'admin' } }] },
    });
    expect(init.subject).toBe('localhost');
  });

  it('keeps the start port for phones and API calls, and sends page loads there to the HTTPS address', async () => {
    const health = await fetch(`${running.url}/api/homepage/init`, {
      headers: { Cookie: admin.cookieHeader },
    });
    expect(((await health.json()) as { code: number }).code).toBe(0);
    const page = await fetch(`${running.url}/device?x=1`, {
      headers: { Accept: 'text/html' },
      redirect: 'manual',
    });
    expect(page.status).toBe(307);
    expect(page.headers.get('location')).toBe(`https://127.0.0.1:${httpsPort}/device?x=1`);
    const prov = await fetch(`${running.url}/prov/001122334455.cfg`);
    expect(prov.status).not.toBe(307);
  });

  it('refuses a mismatched key, unreadable files, a missing file or a wrong type and changes nothing', async () => {
    const before = await admin.call('GET', '/common/httpCA');
    const other = await freePort();
    const refusals = [
      [
        httpsForm(other, { key: file(certs.otherKey, 'other.key') }),
        'The key does not match the certificate',
      ],
      [
        httpsForm(other, { pem: file('not a certificate', 'server.pem') }),
        'The certificate file cannot be read',
      ],
      [
        httpsForm(other, {
          key: file('-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n', 'a.key'),
        }),
        'The key file cannot be read',
      ],
      [httpsForm(other, { ca: file('garbage', 'ca.crt') }), 'The CA file cannot be read'],
      [httpsForm(other, { pem: file(certs.certificate, 'server.txt') }), 'The file type is not supported'],
      [
        form({
          httpProtocal: 'https',
          port: other,
          pem: file(certs.certificate, 's.pem'),
          key: file(certs.key, 's.key'),
        }),
        'This field cannot be empty!',
      ],
      [form({ httpProtocal: 'https', port: '' }), 'This field cannot be empty!'],
      [form({ httpProtocal: 'http', port: 70000 }), 'The port must be a whole number from 1 to 65535'],
    ] as const;
    for (const [body, message] of refusals) {
      const reply = await admin.call('POST', '/common/setHttpCA', body);
      expect([reply.code, reply.message], String(reply.messageExt)).toEqual([40000, message]);
    }
    // A port something else holds: refused, the old listener still answers.
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(other, '127.0.0.1', resolve));
    try {
      const taken = await admin.call(
        'POST',
        '/common/setHttpCA',
        form({ httpProtocal: 'http', port: other }),
      );
      expect(taken.message).toBe('The port cannot be opened');
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
    expect(await admin.call('GET', '/common/httpCA')).toEqual(before);
    expect(
      (await httpsGet('127.0.0.1', httpsPort, '/api/homepage/init', { Cookie: admin.cookieHeader })).status,
    ).toBe(200);
  });

  it('accepts an expired certificate with a warning', async () => {
    const saved = await admin.call(
      'POST',
      '/common/setHttpCA',
      httpsForm(httpsPort, {
        pem: file(certs.expiredCertificate, 'old.cer'),
        key: file(certs.expiredKey, 'old.key'),
        ca: file(certs.expiredCertificate, 'old-ca.pem'),
      }),
    );
    expect([saved.code, saved.message]).toEqual([
      0,
      'Saved, but the certificate has expired: browsers will warn until it is replaced',
    ]);
    expect(saved.rows[0]).toMatchObject({
      certificate: { expired: true, validTo: '2020-02-01T00:00:00.000Z' },
    });
    // Put the valid one back for what follows.
    expect((await admin.call('POST', '/common/setHttpCA', httpsForm(httpsPort))).code).toBe(0);
  });

  it('is applied by another instance on NOTIFY and by a restart', async () => {
    // A second instance on another loopback address, so both can hold the same port number.
    const second = await createTestConsole({ databaseUrl: running.config.databaseUrl, host: '127.0.0.2' });
    try {
      const answered = await until(
        () => httpsGet('127.0.0.2', httpsPort, '/api/homepage/init').catch(() => null),
        (reply) => reply !== null,
      );
      // No session here: the envelope's sign-in refusal, over TLS.
      expect(JSON.parse(answered?.body ?? '{}')).toMatchObject({ code: 80000 });
      const moved = await freePort('127.0.0.2');
      expect(
        (await admin.call('POST', '/common/setHttpCA', form({ httpProtocal: 'http', port: moved }))).code,
      ).toBe(0);
      await until(
        () => fetch(`http://127.0.0.2:${moved}/api/homepage/init`).catch(() => null),
        (reply) => reply !== null,
      );
      await expect(httpsGet('127.0.0.2', httpsPort, '/')).rejects.toThrow();
    } finally {
      await second.stop();
    }
    expect((await admin.call('POST', '/common/setHttpCA', httpsForm(httpsPort))).code).toBe(0);
    await running.stop();
    running = await createTestConsole({ databaseUrl: running.config.databaseUrl });
    admin = new ApiClient(running.url);
    await admin.signIn('admin', TEST_ADMIN_PASSWORD);
    await running.cradle.httpsService.settled();
    const init = await until(
      () =>
        httpsGet('127.0.0.1', httpsPort, '/api/homepage/init', { Cookie: admin.cookieHeader }).catch(
          () => null,
        ),
      (reply) => reply?.status === 200,
    );
    expect(JSON.parse(init?.body ?? '{}')).toMatchObject({ code: 0 });
  }, 90_000);

  it('is the LAN administrator’s only', async () => {
    const acme = await createTenant(running.cradle.db, 'enterprise', 'Acme');
    const user = new ApiClient(running.url);
    await user.signIn(acme.userName, acme.password);
    for (const [method, path] of [
      ['GET', '/common/httpCA'],
      ['POST', '/common/setHttpCA'],
    ] as const) {
      const reply = await user.call(
        method,
        path,
        method === 'POST' ? form({ httpProtocal: 'http', port: 80 }) : undefined,
      );
      expect(reply.message).toBe('Not found');
    }
  });
});
