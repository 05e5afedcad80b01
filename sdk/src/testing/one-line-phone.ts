import type { DeclaredCapabilities } from '../driver.js';

/** The smallest phone a test driver can declare: one line, no keys, no radio, no colour screen. */
export const oneLinePhone: DeclaredCapabilities = {
  accounts: 1,
  keyAccounts: 1,
  programKeys: 0,
  dynamicKeys: 0,
  dssKeys: 0,
  expansionModules: 0,
  keysPerModule: 0,
  wifi: false,
  bluetooth: false,
  usb: false,
  colourScreen: false,
};
