import type { DriverManifest, DriverModel } from '@phonefleet/sdk';
import { treePaths } from '../provisioning/tree-paths.js';

export const MASK = '********';

/**
 * The config export without the phone's passwords: the driver reads the exported file, and the
 * value of every password parameter (administrator, SIP lines, LDAP, phone book…) is replaced
 * wherever it appears. The people who diagnose a phone need its settings, not its secrets.
 */
export function configMasker(driver: DriverManifest, model: DriverModel): (text: string) => string {
  const { secrets } = treePaths(model.capabilities);
  return (text) => {
    let values: Map<string, string>;
    try {
      values = driver.parse(text);
    } catch {
      // A file the driver cannot read is not shown: nothing in it can be told apart from a secret.
      return '';
    }
    const hidden = [...values]
      .filter(([path, value]) => secrets.has(path) && value !== '')
      .map(([, value]) => value)
      .sort((a, b) => b.length - a.length);
    return hidden.reduce((masked, value) => masked.replaceAll(value, MASK), text);
  };
}
