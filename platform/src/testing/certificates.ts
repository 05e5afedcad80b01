import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** PEM files made by the `openssl` command for a test: a CA and the certificates it signs. */
export interface TestCertificates {
  caCertificate: string;
  /** Signed by the CA for localhost, 127.0.0.1 and 127.0.0.2; valid for a day. */
  certificate: string;
  key: string;
  /** Another key, matching no certificate here. */
  otherKey: string;
  /** Self-signed, valid only in January 2020, with its key. */
  expiredCertificate: string;
  expiredKey: string;
}

/** Makes the files with `openssl` in a temporary folder and removes it. */
export async function makeTestCertificates(): Promise<TestCertificates> {
  const dir = await mkdtemp(path.join(tmpdir(), 'phonefleet-certs-'));
  const at = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => run('openssl', args, { cwd: dir });
  try {
    await openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '2',
      '-subj',
      '/CN=PhoneFleet Test CA',
    );
    await openssl(
      'req',
      '-new',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'server.key',
      '-out',
      'server.csr',
      '-subj',
      '/CN=localhost',
    );
    await writeFile(at('san.cnf'), 'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:127.0.0.2\n');
    await openssl(
      'x509',
      '-req',
      '-in',
      'server.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-days',
      '1',
      '-extfile',
      'san.cnf',
      '-out',
      'server.pem',
    );
    await openssl('genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', 'other.key');
    // `openssl ca` is the command that takes explicit start and end dates.
    await writeFile(at('index.txt'), '');
    await writeFile(at('serial'), '01\n');
    await writeFile(
      at('ca.cnf'),
      '[ca]\ndefault_ca=d\n[d]\ndatabase=index.txt\nnew_certs_dir=.\nserial=serial\ndefault_md=sha256\npolicy=p\n[p]\ncommonName=supplied\n',
    );
    await openssl(
      'req',
      '-new',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'old.key',
      '-out',
      'old.csr',
      '-subj',
      '/CN=localhost',
    );
    await openssl(
      'ca',
      '-batch',
      '-config',
      'ca.cnf',
      '-selfsign',
      '-keyfile',
      'old.key',
      '-in',
      'old.csr',
      '-startdate',
      '20200101000000Z',
      '-enddate',
      '20200201000000Z',
      '-out',
      'old.pem',
    );
    const text = (name: string) => readFile(at(name), 'utf8');
    return {
      caCertificate: await text('ca.pem'),
      certificate: await text('server.pem'),
      key: await text('server.key'),
      otherKey: await text('other.key'),
      expiredCertificate: await text('old.pem'),
      expiredKey: await text('old.key'),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
