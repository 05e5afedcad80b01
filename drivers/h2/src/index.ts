import { defineDriver, type ModelCapabilities } from '@phonefleet/sdk';

const base: ModelCapabilities = {
  accounts: 20,
  keyAccounts: 8,
  programKeys: 36,
  dynamicKeys: 4,
  dssKeys: 2,
  expansionModules: 3,
  keysPerModule: 60,
  keySubtype: true,
  textEditing: false,
  shortWebSession: true,
  wifi: false,
  bluetooth: false,
  usb: false,
  colourScreen: false,
};

/** The H2 family: `key = value` configuration files; no text editing in the console (spec §2). */
export default defineDriver({
  id: 'h2',
  vendor: 'Generic',
  family: 'H2/H2P',
  sdk: '^1.0.0',
  models: [
    { id: 'H2', description: 'Hotel phone, 2 lines', capabilities: base },
    { id: 'H2P', description: 'Hotel phone with PoE, 2 lines', capabilities: base },
  ],
});
