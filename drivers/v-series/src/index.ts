import { type DeclaredCapabilities, defineDriver } from '@phonefleet/sdk';
import { diagnostics, noDiagnostics } from './diagnostics.js';
import { parseSettings, renderSettings } from './format.js';
import { identify } from './identify.js';

function capabilities(overrides: Partial<DeclaredCapabilities>): DeclaredCapabilities {
  return {
    accounts: 20,
    keyAccounts: 8,
    programKeys: 36,
    dynamicKeys: 4,
    dssKeys: 0,
    expansionModules: 3,
    keysPerModule: 60,
    wifi: false,
    bluetooth: false,
    usb: true,
    colourScreen: true,
    ...overrides,
  };
}

/**
 * The desk-phone family whose files are setting elements (`<setting id=… value=… override=…/>`).
 * Model names and counts are this project's sample line-up (the spec names only the H2 family).
 */
export default defineDriver({
  id: 'v-series',
  vendor: 'Generic',
  family: 'V series',
  sdk: '^1.1.0',
  models: [
    {
      id: 'V62',
      description: 'Entry-level, 4 lines',
      capabilities: capabilities({
        accounts: 4,
        keyAccounts: 4,
        programKeys: 6,
        expansionModules: 0,
        keysPerModule: 0,
        colourScreen: false,
        usb: false,
      }),
      diagnostics: noDiagnostics,
    },
    {
      id: 'V64',
      description: 'Business phone, 8 lines',
      capabilities: capabilities({ accounts: 8, programKeys: 24, expansionModules: 1 }),
    },
    {
      id: 'V65',
      description: 'Business phone, 12 lines, Wi-Fi',
      capabilities: capabilities({ accounts: 12, programKeys: 30, expansionModules: 2, wifi: true }),
    },
    {
      id: 'V67',
      description: 'Executive phone, 20 lines, Wi-Fi and Bluetooth',
      capabilities: capabilities({ wifi: true, bluetooth: true }),
    },
  ],
  files: [{ name: 'cfg{mac}.xml', contentType: 'application/xml; charset=utf-8' }],
  pushEvents: { checkSync: 'resync', reboot: 'resync;reboot=true', factoryReset: 'reset' },
  text: {
    format: 'setting elements',
    instructions: {
      en: 'One parameter per line, written as <setting id="path" value="value" override="true"/>, where id is the parameter path (for example network.ipParameter.MTU) and the value is XML-escaped (&amp; &lt; &gt; &quot;). Parameters in the text are pushed; parameters left out return to their defaults and are not pushed.',
      'zh-CN':
        '每行一个参数，格式为 <setting id="路径" value="值" override="true"/>，id 为参数路径（例如 network.ipParameter.MTU），值需进行 XML 转义（&amp; &lt; &gt; &quot;）。文本中的参数将被下发；未写入的参数恢复默认值且不下发。',
    },
  },
  identify,
  render: (values, { model, mac }) => renderSettings(values, `${model.id} ${mac}`),
  parse: parseSettings,
  diagnostics: { commands: diagnostics },
  sampleUserAgents: [
    {
      userAgent: 'GenericPhone-V64/2.1.0.12 (001565aabbcc)',
      identity: { model: 'V64', firmware: '2.1.0.12', mac: '001565aabbcc' },
    },
    {
      userAgent: 'GenericPhone-V67/3.0.1 (00:15:65:AA:BB:01)',
      identity: { model: 'V67', firmware: '3.0.1', mac: '001565aabb01' },
    },
    {
      userAgent: 'GenericPhone-V62/1.9.4.2',
      identity: { model: 'V62', firmware: '1.9.4.2', mac: undefined },
    },
  ],
});
