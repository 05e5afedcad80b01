/* What a simulated phone takes from its driver: its User-Agent, its file name, what a NOTIFY asks. */
import type { DriverManifest } from '../driver.js';

type SampleUserAgent = DriverManifest['sampleUserAgents'][number];

/** What a simulated phone is: its driver (formats, samples, push events) and the values it reports. */
export interface PhoneIdentity {
  driver: DriverManifest;
  model: string;
  mac: string;
  firmware: string;
}

const withColons = (value: string) => value.match(/.{2}/g)?.join(':') ?? value;

/** A sample's User-Agent with another phone's model, firmware and MAC written in. */
function fromSample(
  sample: SampleUserAgent,
  { model, mac, firmware }: Omit<PhoneIdentity, 'driver'>,
): string {
  const sampleMac = sample.identity.mac ?? '';
  return sample.userAgent
    .replace(sample.identity.model, model)
    .replace(sample.identity.firmware ?? '', firmware)
    .replace(new RegExp(`${sampleMac}|${withColons(sampleMac)}`, 'i'), mac);
}

/**
 * The sample a simulated phone's User-Agent is written from: the driver's first sample carrying a MAC
 * that, with this phone's model in it, the driver still identifies as that model (a family with two
 * product lines, such as Poly's VVX and Edge E, names each its own way); else its first with a MAC.
 */
export function phoneSample({
  driver,
  model,
}: Pick<PhoneIdentity, 'driver' | 'model'>): SampleUserAgent | undefined {
  const withMac = driver.sampleUserAgents.filter((s) => s.identity.mac);
  const identifiesAs = (s: SampleUserAgent) => {
    const userAgent = fromSample(s, {
      model,
      mac: s.identity.mac ?? '',
      firmware: s.identity.firmware ?? '',
    });
    return driver.identify(userAgent)?.model.toUpperCase() === model.toUpperCase();
  };
  return withMac.find(identifiesAs) ?? withMac[0];
}

/**
 * The firmware a simulated phone reports unless told otherwise: that of its model's own sample, else
 * of its User-Agent's sample (`phoneSample`).
 */
export function sampleFirmware(phone: Pick<PhoneIdentity, 'driver' | 'model'>): string | undefined {
  const sample =
    phone.driver.sampleUserAgents.find((s) => s.identity.model === phone.model) ?? phoneSample(phone);
  return sample?.identity.firmware;
}

/** The User-Agent of a simulated phone: its sample (`phoneSample`) with its model, firmware and MAC. */
export function sampleUserAgent(phone: PhoneIdentity): string {
  const sample = phoneSample(phone);
  if (!sample) throw new Error(`driver ${phone.driver.id} has no sample User-Agent with a MAC`);
  return fromSample(sample, phone);
}

/** The phone's own configuration file: the driver's `{mac}` file. */
export function deviceFileName({ driver, mac }: PhoneIdentity): string {
  const file = driver.files.find((f) => f.name.includes('{mac}'));
  if (!file) throw new Error(`driver ${driver.id} has no device file`);
  return file.name.replace('{mac}', mac);
}

/**
 * The common files its driver says its model requests before its own (`files[].models`), each as the
 * names it asks in turn until one is not missing (404): a fallback-only file (`fallbackFor`) after
 * the phone's own file it stands in for, any other alone.
 */
export function commonFileRequests({ driver, model, mac }: PhoneIdentity): string[][] {
  return driver.files
    .filter(
      (file) =>
        !file.name.includes('{mac}') && file.models?.some((m) => m.toUpperCase() === model.toUpperCase()),
    )
    .map((file) => (file.fallbackFor ? [file.fallbackFor.replace('{mac}', mac), file.name] : [file.name]));
}

/** What a NOTIFY's `Event` asks of the phone, by its driver's push events; undefined for others. */
export type NotifyAction = 'resync' | 'reboot' | 'factoryReset';

const normaliseEvent = (event: string) => event.replace(/\s+/g, '').toLowerCase();

export function notifyAction(driver: DriverManifest, event: string): NotifyAction | undefined {
  const wanted = normaliseEvent(event);
  const { pushEvents } = driver;
  if (wanted === normaliseEvent(pushEvents.checkSync)) return 'resync';
  if (wanted === normaliseEvent(pushEvents.reboot)) return 'reboot';
  if (pushEvents.factoryReset && wanted === normaliseEvent(pushEvents.factoryReset)) return 'factoryReset';
  return undefined;
}
