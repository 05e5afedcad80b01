import { type DeclaredCapabilities, defineDriver } from '@phonefleet/sdk';
import { diagnostics } from './diagnostics.js';
import { parseLines, renderLines } from './format.js';
import { identify } from './identify.js';

const capabilities: DeclaredCapabilities = {
  accounts: 20,
  keyAccounts: 8,
  programKeys: 36,
  dynamicKeys: 4,
  dssKeys: 2,
  expansionModules: 3,
  keysPerModule: 60,
  wifi: false,
  bluetooth: false,
  usb: false,
  colourScreen: false,
};

/**
 * The H2 family: `key = value` configuration files whose keys are the catalogue paths; no text
 * editing in the console, a SubType column in the phone-key table and a 10..30 s web session (spec §2).
 */
export default defineDriver({
  id: 'h2',
  vendor: 'Generic',
  family: 'H2/H2P',
  sdk: '^1.1.0',
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
  parameters: {
    adds: ['phoneKeys.SubType', 'settings.general.WUISessionTimeoutH2'],
    renames: { 'settings.general.WUISessionTimeout': 'settings.general.WUISessionTimeoutH2' },
  },
  text: {
    format: 'key = value',
    instructions: {
      en: 'One parameter per line, written as key = value, where key is the parameter path (for example network.ipParameter.MTU = 1500). Parameters in the text are pushed; parameters left out return to their defaults and are not pushed.',
      'zh-CN':
        '每行一个参数，格式为 key = value，key 为参数路径（例如 network.ipParameter.MTU = 1500）。文本中的参数将被下发；未写入的参数恢复默认值且不下发。',
    },
    unsupported: { en: 'H2 and H2P do not support text editing', 'zh-CN': 'H2 和 H2P 不支持文本编辑' },
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
