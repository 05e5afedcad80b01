import { escapeXml, type ParameterMap, readXml, type VendorValue } from '@phonefleet/sdk';

/**
 * Cisco multiplatform profiles: `<flat-profile>` holding one element per setting, named after the
 * field (`<Proxy_1_>pbx.example.com</Proxy_1_>`). The map's vendor keys are the element names; a
 * hyphen in the field's name stays (`<Enable_LLDP-MED>`).
 */
const ELEMENT = /^[A-Za-z][A-Za-z0-9_-]*$/;
const XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>';

/**
 * Elements the phone only uses when their switch says Yes: `Auth_ID_N_` needs `Use_Auth_ID_N_`,
 * `Outbound_Proxy_N_` needs `Use_Outbound_Proxy_N_`, and both alternate proxies of extension N need
 * `Dual_Registration_N_`. The switch is written Yes (once) after the first non-empty value it governs;
 * read back, Yes is implied by the values and No means they are not in effect.
 */
const USE_SWITCHED = /^(?:Auth_ID|Outbound_Proxy)_\d{1,3}_$/;
const ALTERNATE = /^Alternate_(?:Outbound_)?Proxy_(\d{1,3})_$/;
const SWITCH = /^(?:Use_(?:Auth_ID|Outbound_Proxy)|Dual_Registration)_\d{1,3}_$/;

function switchOf(element: string): string | undefined {
  if (USE_SWITCHED.test(element)) return `Use_${element}`;
  const alternate = ALTERNATE.exec(element)?.[1];
  return alternate ? `Dual_Registration_${alternate}_` : undefined;
}

/**
 * A line key with a function serves no extension: without an account for the key, its
 * `Extended_Function_N_` is preceded by `Extension_N_` Disabled (otherwise key N stays extension N's
 * line). Read back, Disabled means the key has no account.
 */
const FUNCTION = /^Extended_Function_(\d{1,3})_$/;
const EXTENSION = /^Extension_\d{1,3}_$/;
const NO_EXTENSION = 'Disabled';

/** The catalogue paths a model-wide file carries: what points the phone at its own file. */
const BOOTSTRAP = new Set([
  'provision.autoProvision.ProvisionUrl',
  'provision.autoProvision.ProvisionPollingEnable',
  'provision.autoProvision.ProvisionPollingTimeout',
]);

function profile(values: ReadonlyMap<string, string>, map: ParameterMap, comment: string): string {
  const lines = [XML_HEADER, `<!-- ${comment.replace(/--/g, '- -')} -->`, '<flat-profile>'];
  const switchedOn = new Set<string>();
  for (const [element, vendorValue] of map.toVendorAll(values)) {
    if (!ELEMENT.test(element)) throw new Error(`invalid parameter name: ${JSON.stringify(element)}`);
    const key = FUNCTION.exec(element)?.[1];
    if (key && vendorValue !== '' && !values.has(`phoneKeys.programKey.${key}.Account`))
      lines.push(`  <Extension_${key}_>${NO_EXTENSION}</Extension_${key}_>`);
    lines.push(`  <${element}>${escapeXml(vendorValue)}</${element}>`);
    const switchName = switchOf(element);
    if (switchName && vendorValue !== '' && !switchedOn.has(switchName)) {
      switchedOn.add(switchName);
      lines.push(`  <${switchName}>Yes</${switchName}>`);
    }
  }
  lines.push('</flat-profile>');
  return `${lines.join('\n')}\n`;
}

/** The phone's own file, `$MA.xml`. */
export function renderProfile(values: ReadonlyMap<string, string>, map: ParameterMap, comment: string) {
  return profile(values, map, comment);
}

/**
 * The model-wide file `$PSN.xml` the factory profile rule asks for: only the profile rule and the
 * resync period, so that the phone goes on to fetch its own file; every other setting is per phone.
 */
export function renderModelProfile(values: ReadonlyMap<string, string>, map: ParameterMap, comment: string) {
  return profile(new Map([...values].filter(([path]) => BOOTSTRAP.has(path))), map, comment);
}

export function parseProfile(text: string, map: ParameterMap): Map<string, string> {
  if (text.trim() === '') return new Map();
  const document = readXml(text, 'flat-profile');
  const read: VendorValue[] = [];
  const switchedOff = new Set<string>();
  if (document.name !== 'flat-profile') throw new Error(`line ${document.line}: expected <flat-profile>`);
  for (const element of document.children) {
    if (element.children.length > 0)
      throw new Error(`line ${element.line}: unexpected elements in <${element.name}>`);
    const value = element.text ?? '';
    if (SWITCH.test(element.name)) {
      if (value !== 'Yes' && value !== 'No')
        throw new Error(`line ${element.line}: ${element.name}: unexpected value ${JSON.stringify(value)}`);
      if (value === 'No') switchedOff.add(element.name);
      continue;
    }
    if (EXTENSION.test(element.name) && value === NO_EXTENSION) continue;
    read.push([element.name, value, element.line]);
  }
  return map.fromVendorAll(read.filter(([key]) => !switchedOff.has(switchOf(key) ?? '')));
}
