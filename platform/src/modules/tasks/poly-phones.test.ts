import { createHash } from 'node:crypto';
import { answerDigestChallenge, httpGet, simulatedFirmwareImage } from '@phonefleet/sdk/testing';
import { describe, expect, it } from 'vitest';
import { until } from '../../testing/until.js';
import { paramItem, pushThenReboot, reportedModels, useVendorFleet } from '../../testing/vendor-fleet.js';

/**
 * Poly VVX and Edge E phones simulated with their driver (docs/phone-simulator.md): they ask for the master as
 * `<mac>.cfg` (the shared `000000000000.cfg` only when that one is missing) and their
 * `<mac>-phonefleet.cfg` with Polycom User-Agents, read the UC Software attributes back, and act on
 * check-sync events, through the real console and task engine.
 */
// A site-wide VLAN and time zone: the phones must find them as device.net.vlanId (with its .set flags)
// and tcpIpApp.sntp.gmtOffset in seconds, read back as the catalogue's values.
const vendor = useVendorFleet({
  models: ['VVX_450', 'VVX_350', 'Edge_E450', 'Edge_E220'],
  username: 'acme-poly',
  addressBase: '127.68.0.0',
  macBase: '0004f2000000',
  siteParameters: {
    network: { ipParameter: { VLANId: paramItem('VLANId', '20') } },
    settings: { timeDate: { TimeZone: paramItem('TimeZone', '+05:30') } },
  },
});

/** A GET as a VVX phone sends it: its User-Agent without a MAC, from its address, answering the digest challenge. */
async function phoneGet(url: URL, userAgent: string, address: string | undefined) {
  const challenge = await httpGet(url, { 'User-Agent': userAgent }, address);
  const authorization = answerDigestChallenge(
    String(challenge.headers['www-authenticate']),
    { username: 'acme-poly', password: 'Phones#2026' },
    'GET',
    url.pathname,
  );
  return httpGet(url, { 'User-Agent': userAgent, Authorization: authorization }, address);
}

describe('Poly phones simulated with their driver', () => {
  it('fetch the master file and their own file in UC Software XML, identified by their User-Agent', async () => {
    const { fleet, running, acme } = vendor();
    expect(await fleet.each((phone) => phone.boot())).toEqual([]);
    const [vvx450, , e450, e220] = fleet.phones;
    expect(vvx450?.userAgent).toMatch(
      /^FileTransport PolycomVVX-VVX_450-UA\/6\.4\.3\.5018 Type\/Application 0004f200000[0-9a-f]$/,
    );
    // Edge E phones name themselves in their own product line's form, not a VVX one.
    expect(e450?.userAgent).toBe(
      'FileTransport PolyEdge-Edge_E450-UA/8.0.0.15602 Type/Application 0004f2000002',
    );
    expect(e220?.userAgent).toBe(
      'FileTransport PolyEdge-Edge_E220-UA/8.0.0.13670 Type/Application 0004f2000003',
    );
    // The console has each phone's own master: the shared one is never asked.
    for (const phone of fleet.phones) {
      expect([...phone.commonFiles.keys()]).toEqual([`${phone.options.mac}.cfg`]);
    }
    expect(vvx450?.commonFiles.get(`${vvx450?.options.mac}.cfg`)).toContain(
      'CONFIG_FILES="[PHONE_MAC_ADDRESS]-phonefleet.cfg"',
    );
    const fetched = await vvx450?.fetchConfig();
    expect(fetched?.status).toBe(200);
    expect(fetched?.body.startsWith('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n')).toBe(true);
    expect(fetched?.body).toContain(
      '  device.set="1"\n  device.net.vlanId.set="1"\n  device.net.vlanId="20"\n',
    );
    expect(fetched?.body).toContain('  tcpIpApp.sntp.gmtOffset="19800"\n');
    expect(fetched?.values.get('network.ipParameter.VLANId')).toBe('20');
    expect(fetched?.values.get('settings.timeDate.TimeZone')).toBe('+05:30');
    expect(await reportedModels(vendor())).toEqual([
      ['VVX_450', '6.4.3.5018'],
      ['VVX_350', '6.3.1.8427'],
      ['Edge_E450', '8.0.0.15602'],
      ['Edge_E220', '8.0.0.13670'],
    ]);
    const unknown = await running.cradle.db.query(
      'SELECT path, reason FROM unknown_devices WHERE org_id = $1',
      [acme.orgId],
    );
    expect(unknown).toEqual([]);
  });

  it('find their own file from the master they ask for by MAC, as real phones whose User-Agent has no MAC', async () => {
    const { running, fleet } = vendor();
    const mac = /[0-9a-f]{12}$/.exec(fleet.phones[0]?.userAgent ?? '')?.[0] ?? '';
    const userAgent = 'FileTransport PolycomVVX-VVX_450-UA/6.4.3.5018 Type/Application';
    // From the phone's own address: the console sends its pushes where the phone last fetched from.
    const address = fleet.phones[0]?.address;
    const get = async (file: string) => {
      const url = new URL(`${running.url}/prov/${file}`);
      const challenge = await httpGet(url, { 'User-Agent': userAgent }, address);
      const authorization = answerDigestChallenge(
        String(challenge.headers['www-authenticate']),
        { username: 'acme-poly', password: 'Phones#2026' },
        'GET',
        url.pathname,
      );
      return httpGet(url, { 'User-Agent': userAgent, Authorization: authorization }, address);
    };
    const master = await get(`${mac}.cfg`);
    expect(master.status).toBe(200);
    const listed = /CONFIG_FILES="([^"]+)"/.exec(master.body)?.[1] ?? '';
    expect(listed).toBe('[PHONE_MAC_ADDRESS]-phonefleet.cfg');
    const own = await get(listed.replace('[PHONE_MAC_ADDRESS]', mac));
    expect(own.status).toBe(200);
    expect(own.body).toContain('  device.net.vlanId="20"\n');
  });

  it('answer a configuration push and a reboot with check-sync events, every result a success', async () => {
    const { api, fleet, ids } = vendor();
    await pushThenReboot(vendor());
    expect(fleet.phones.map((phone) => phone.notifyEvents)).toEqual(
      fleet.phones.map(() => ['check-sync', 'check-sync;reboot=true']),
    );
    // A factory reset is refused: this driver declares no reset by NOTIFY.
    const reset = await api.call('POST', '/device/factoryReset', { ids });
    expect(reset.message).toBe('The device model does not support a factory reset by push');
  }, 60_000);

  it('are told the firmware’s address in the master file they ask for by MAC, download it, and prove the upgrade with the new version', async () => {
    const { api, running, fleet, ids } = vendor();
    const phone = fleet.phones[0];
    if (!phone) throw new Error('no VVX_450');
    const mac = phone.options.mac;
    const image = simulatedFirmwareImage('6.4.6.2453', 128 * 1024);
    const form = new FormData();
    form.append('firmwareName', 'VVX 450 UC Software');
    form.append('firmwareVersion', '6.4.6.2453');
    form.append('supportModel', 'VVX_450');
    form.append('file', new Blob([new Uint8Array(image)]), 'VVX_450.sip.ld');
    const uploaded = await api.call<{ id: number }>('POST', '/tb-firmware/addOrEditFirmware', form);
    expect(uploaded.code, uploaded.message).toBe(0);
    phone.ignoreNotify();
    const task = await api.call<{ id: number; devices: number; notSentTo: unknown[] }>(
      'POST',
      '/device/firmwareUpgrade',
      { type: 1, firmwareId: uploaded.rows[0]?.id, deviceIds: [ids[0]] },
    );
    expect(task.code, task.message).toBe(0);
    expect(task.rows[0]).toMatchObject({ devices: 1, notSentTo: [] });
    const result = () =>
      running.cradle.db.one<{ result: number }>('SELECT result FROM task_devices WHERE task_id = $1', [
        task.rows[0]?.id,
      ]);
    await until(result, (row) => row?.result === 1, 10_000);

    // As a real phone: the master as <mac>.cfg, its application image at the console's download URL.
    const oldAgent = 'FileTransport PolycomVVX-VVX_450-UA/6.4.3.5018 Type/Application';
    const master = await phoneGet(new URL(`${running.url}/prov/${mac}.cfg`), oldAgent, phone.address);
    expect(master.status).toBe(200);
    const offered = /APP_FILE_PATH="([^"]+)"/.exec(master.body)?.[1] ?? '';
    expect(offered).toMatch(new RegExp(`/dl/${mac}/\\d+/VVX_450\\.sip\\.ld$`));
    expect(phone.options.driver.parse(master.body).get('maintenance.binaryUpdate.FirmwareUrl')).toBe(offered);
    const own = await phoneGet(new URL(`${running.url}/prov/${mac}-phonefleet.cfg`), oldAgent, phone.address);
    expect(own.body).not.toContain('APP_FILE_PATH');
    const download = await phoneGet(new URL(offered), oldAgent, phone.address);
    expect([download.status, download.headers.etag]).toEqual([
      200,
      `"${createHash('sha256').update(image).digest('hex')}"`,
    ]);
    expect(download.bytes.equals(image)).toBe(true);

    // Restarted on the image: its next fetch names the new version, which ends the row as a success.
    const newAgent = 'FileTransport PolycomVVX-VVX_450-UA/6.4.6.2453 Type/Application';
    const after = await phoneGet(new URL(`${running.url}/prov/${mac}.cfg`), newAgent, phone.address);
    expect(after.status).toBe(200);
    await until(result, (row) => row?.result === 2, 10_000);
    // The upgrade is over: the master names sip.ld again, never the image for a later downgrade.
    const done = await phoneGet(new URL(`${running.url}/prov/${mac}.cfg`), newAgent, phone.address);
    expect(done.body).toContain('APP_FILE_PATH="sip.ld"');
  }, 60_000);
});
