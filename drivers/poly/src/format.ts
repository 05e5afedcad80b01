import { escapeXml, type ParameterMap, readXml, type VendorValue, type XmlElement } from '@phonefleet/sdk';

/**
 * UC Software configuration files: XML whose attributes are the settings (`reg.1.address="2001"`),
 * whatever the elements holding them. This driver writes them all on one `<polycomConfig>` element.
 * Settings under `device.` apply only with `device.set="1"` and their own `<name>.set="1"`, which the
 * renderer adds and the parser skips.
 */
export const XML_HEADER = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
/** The per-phone file the master configuration file lists; `[PHONE_MAC_ADDRESS]` is the phone's macro. */
export const DEVICE_FILE = '{mac}-phonefleet.cfg';
export const MASTER_FILE = '000000000000.cfg';
/** A phone asks for `<mac>.cfg` before `000000000000.cfg`: the same master, named for it. */
export const PHONE_MASTER_FILE = '{mac}.cfg';
/**
 * The master file's application image: a path on the provisioning server or a URL. The one setting
 * the master carries; the phone's own file never holds it. `sip.ld` when the device has none.
 */
export const APP_FILE_PATH = 'APP_FILE_PATH';
const DEFAULT_APPLICATION = 'sip.ld';

const NAME = /^[A-Za-z][\w]*(?:\.[\w-]+)+$/;
const comment = (text: string) => `<!-- ${text.replace(/--/g, '- -')} -->`;

export function renderSettings(values: ReadonlyMap<string, string>, map: ParameterMap, note: string): string {
  const lines: string[] = [];
  let device = false;
  for (const [key, vendorValue] of map.toVendorAll(values)) {
    if (key === APP_FILE_PATH) continue;
    if (!NAME.test(key)) throw new Error(`invalid parameter name: ${JSON.stringify(key)}`);
    if (key.startsWith('device.')) {
      if (!device) lines.push('  device.set="1"');
      device = true;
      lines.push(`  ${key}.set="1"`);
    }
    lines.push(`  ${key}="${escapeXml(vendorValue)}"`);
  }
  return `${[XML_HEADER, comment(note), '<polycomConfig', ...lines, '/>'].join('\n')}\n`;
}

/**
 * The master configuration file: the application image (the device's firmware URL when it has one)
 * and the per-phone file to read.
 */
export function renderMaster(
  values: ReadonlyMap<string, string>,
  map: ParameterMap,
  model: string,
  name = MASTER_FILE,
): string {
  const config = DEVICE_FILE.replace('{mac}', '[PHONE_MAC_ADDRESS]');
  const application = new Map(map.toVendorAll(values)).get(APP_FILE_PATH) || DEFAULT_APPLICATION;
  return `${[
    XML_HEADER,
    comment(`${name} for ${model}: every setting is in the phone's own ${config}`),
    `<APPLICATION APP_FILE_PATH="${escapeXml(application)}" CONFIG_FILES="${config}" MISC_FILES="" LOG_FILE_DIRECTORY="" OVERRIDES_DIRECTORY="" CONTACTS_DIRECTORY="" />`,
  ].join('\n')}\n`;
}

function isSetFlag(key: string) {
  return key === 'device.set' || (key.startsWith('device.') && key.endsWith('.set'));
}

function readElement(element: XmlElement, pairs: VendorValue[]) {
  if (element.text !== undefined && element.text.trim() !== '')
    throw new Error(`line ${element.line}: unexpected text in <${element.name}>`);
  for (const [key, value] of element.attributes) {
    if (isSetFlag(key)) continue;
    if (!NAME.test(key)) throw new Error(`line ${element.line}: unexpected attribute ${key}`);
    pairs.push([key, value, element.line]);
  }
  for (const child of element.children) readElement(child, pairs);
}

/** Reads a configuration file; of the master file (`<APPLICATION>`), the application image alone. */
export function parseSettings(text: string, map: ParameterMap): Map<string, string> {
  if (text.trim() === '') return new Map();
  const document = readXml(text, 'polycomConfig');
  if (document.name === 'APPLICATION') {
    const application = document.attributes.get(APP_FILE_PATH);
    const own = application !== undefined && application !== DEFAULT_APPLICATION;
    return map.fromVendorAll(own ? [[APP_FILE_PATH, application, document.line]] : []);
  }
  if (document.name !== 'polycomConfig') throw new Error(`line ${document.line}: expected <polycomConfig>`);
  const pairs: VendorValue[] = [];
  readElement(document, pairs);
  return map.fromVendorAll(pairs);
}
