import { defineDriver, type ModelCapabilities } from '@phonefleet/sdk';
import { diagnostics } from './diagnostics.js';
import { parseLines, renderLines } from './format.js';
import { identify } from './identify.js';

const capabilities: ModelCapabilities = {
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
    { id: 'H2', description: 'Hotel phone, 2 lines', capabilities },
    { id: 'H2P', description: 'Hotel phone with PoE, 2 lines', capabilities },
  ],
  files: [{ name: '{mac}.cfg', contentType: 'text/plain; charset=utf-8' }],
  pushEvents: {
    checkSync: 'check-sync;reboot=false',
    reboot: 'check-sync;reboot=true',
    factoryReset: 'factory-reset',
  },
  identify,
  render: (values, { model, mac }) => renderLines(values, `${model.id} ${mac}`),
  parse: parseLines,
  diagnostics: { commands: diagnostics },
  sampleUserAgents: [
    {
      userAgent: 'Generic H2P 2.14.0.5 00:15:65:aa:bb:cc',
      identity: { model: 'H2P', firmware: '2.14.0.5', mac: '001565aabbcc' },
    },
    {
      userAgent: 'Generic H2 2.12.1.3 001565AABBCD',
      identity: { model: 'H2', firmware: '2.12.1.3', mac: '001565aabbcd' },
    },
    { userAgent: 'Generic H2 2.10.0.1', identity: { model: 'H2', firmware: '2.10.0.1', mac: undefined } },
  ],
});
