import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DriverManifestInput, parseDriver } from '../driver.js';
import { oneLinePhone } from './one-line-phone.js';
import { SimulatedPhone } from './phone-simulator.js';

const capabilities = oneLinePhone;

const MAC = '0a1b2c3d4e5f';

/**
 * A family whose phones ask a master file by MAC and fall back on a shared one (as Poly's do), and
 * also fetch a model-wide file every time (as Yealink's do), before their own `t-<mac>.cfg`.
 */
const family = {
  id: 'test-common',
  vendor: 'Test',
  family: 'T',
  sdk: '^1.0.0',
  models: [{ id: 'T1', capabilities }],
  files: [
    { name: 't-{mac}.cfg', contentType: 'text/plain' },
    { name: 't1-common.cfg', contentType: 'text/plain', models: ['T1'] },
    { name: '000000000000.cfg', contentType: 'text/plain', models: ['T1'], fallbackFor: '{mac}.cfg' },
    { name: '{mac}.cfg', contentType: 'text/plain' },
  ],
  pushEvents: { checkSync: 'check-sync', reboot: 'check-sync;reboot=true' },
  identify: (userAgent: string) => {
    const match = /^TestPhone (T\d) ([\d.]+) ([0-9a-f]{12})$/.exec(userAgent);
    return match ? { model: match[1] ?? '', firmware: match[2], mac: match[3] } : undefined;
  },
  render: () => '',
  parse: (text: string) => new Map(text ? [text.split('=') as [string, string]] : []),
  sampleUserAgents: [
    {
      userAgent: 'TestPhone T1 1.2.3 001565000001',
      identity: { model: 'T1', firmware: '1.2.3', mac: '001565000001' },
    },
  ],
} satisfies DriverManifestInput;
const driver = parseDriver('test-common', family);

/** The provisioning server stand-in: answers `file=<name>`, or the status a test sets for a name. */
let server: http.Server;
let provisioningUrl: string;
const asked: string[] = [];
const statusOf = new Map<string, number>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const name = (req.url ?? '').replace(/^\/prov\//, '');
    asked.push(name);
    const status = statusOf.get(name) ?? 200;
    res.writeHead(status, { 'Content-Type': 'text/plain' }).end(status === 200 ? `file=${name}` : '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  provisioningUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/prov`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  asked.length = 0;
  statusOf.clear();
});

const phone = () => new SimulatedPhone({ driver, model: 'T1', mac: MAC, firmware: '1.2.3', provisioningUrl });

describe('a simulated phone’s common files', () => {
  it('asks its own master file instead of a fallback-only common file while the server has it', async () => {
    const t1 = phone();
    const fetched = await t1.fetchConfig();
    expect(fetched.values.get('file')).toBe(`t-${MAC}.cfg`);
    expect(asked).toEqual(['t1-common.cfg', `${MAC}.cfg`, `t-${MAC}.cfg`]);
    expect([...t1.commonFiles]).toEqual([
      ['t1-common.cfg', 'file=t1-common.cfg'],
      [`${MAC}.cfg`, `file=${MAC}.cfg`],
    ]);
  });

  it('asks the fallback-only common file when its own master file is missing (404), and only then', async () => {
    statusOf.set(`${MAC}.cfg`, 404);
    const t1 = phone();
    await t1.fetchConfig();
    expect(asked).toEqual(['t1-common.cfg', `${MAC}.cfg`, '000000000000.cfg', `t-${MAC}.cfg`]);
    expect([...t1.commonFiles.keys()]).toEqual(['t1-common.cfg', '000000000000.cfg']);

    // A refusal is not a missing file: the phone does not fall back on the shared one.
    asked.length = 0;
    statusOf.set(`${MAC}.cfg`, 403);
    await phone().fetchConfig();
    expect(asked).toEqual(['t1-common.cfg', `${MAC}.cfg`, `t-${MAC}.cfg`]);
  });

  it('a driver names an own file of its own as the file a common file stands in for', () => {
    const withFiles = (files: typeof family.files | DriverManifestInput['files']) => () =>
      parseDriver('test-common', { ...family, files });
    expect(
      withFiles([
        { name: 't-{mac}.cfg', contentType: 'text/plain' },
        { name: '000000000000.cfg', contentType: 'text/plain', models: ['T1'], fallbackFor: '{mac}.xml' },
      ]),
    ).toThrow('test-common: files.1.fallbackFor: {mac}.xml is not a file this driver declares');
    expect(
      withFiles([{ name: 't-{mac}.cfg', contentType: 'text/plain', fallbackFor: 't-{mac}.cfg' }]),
    ).toThrow('test-common: files.0: a file holding {mac} cannot be a fallback');
    expect(
      withFiles([
        { name: 't-{mac}.cfg', contentType: 'text/plain' },
        { name: '000000000000.cfg', contentType: 'text/plain', fallbackFor: 'master.cfg' },
      ]),
    ).toThrow(/files\.1\.fallbackFor: must hold \{mac\}/);
  });
});
