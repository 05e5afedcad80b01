import { defineDriver } from '@phonefleet/sdk';
import { parseCfg, renderCfg, renderCommon } from './format.js';
import { identify } from './identify.js';
import { map, unsupported } from './mapping.js';
import { commonFiles, models } from './models.js';

const CFG = 'text/plain; charset=utf-8';

/**
 * Yealink T4x/T5x desk phones (README.md names the public guide behind every fact): `<mac>.cfg` per
 * phone and `y0000000000xx.cfg` per model, `key = value` files under `#!version:1.0.0.1`.
 */
export default defineDriver({
  id: 'yealink',
  vendor: 'Yealink',
  family: 'Yealink T4x/T5x',
  sdk: '^1.1.0',
  models: models.map(({ id, description, capabilities }) => ({ id, description, capabilities })),
  files: [
    { name: '{mac}.cfg', contentType: CFG },
    ...commonFiles.map((file) => ({ name: file.name, contentType: CFG, models: file.models })),
  ],
  pushEvents: { checkSync: 'check-sync;reboot=false', reboot: 'check-sync;reboot=true' },
  fileParameters: { firmware: 'maintenance.binaryUpdate.FirmwareUrl' },
  parameters: { unsupported, map },
  text: {
    format: 'Yealink .cfg',
    instructions: {
      en: 'The phone’s own file: #!version:1.0.0.1 on the first line, then one Yealink key per line as key = value (for example static.network.vlan.internet_port_vid = 20). A value runs to the end of its line. Keys in the text are pushed; keys left out return to their defaults and are not pushed.',
      'zh-CN':
        '话机自己的文件格式：第一行为 #!version:1.0.0.1，之后每行一个 Yealink 配置项，格式为 key = value（例如 static.network.vlan.internet_port_vid = 20）。值到行尾为止。文本中的配置项将被下发；未写入的恢复默认值且不下发。',
    },
    plainValues: true,
  },
  identify,
  render: (values, { model, mac, file }) =>
    file.name.includes('{mac}') ? renderCfg(values, map, `${model.id} ${mac}`) : renderCommon(model.id),
  parse: (text) => parseCfg(text, map),
  sampleUserAgents: [
    {
      userAgent: 'Yealink SIP-T46S 66.86.0.15 00:15:65:aa:bb:cc',
      identity: { model: 'T46S', firmware: '66.86.0.15', mac: '001565aabbcc' },
    },
    {
      userAgent: 'Yealink SIP-T54W 96.86.0.70 80:5e:c0:aa:bb:01',
      identity: { model: 'T54W', firmware: '96.86.0.70', mac: '805ec0aabb01' },
    },
    {
      userAgent: 'Yealink SIP-T48U 108.86.0.45 805EC0AABB02',
      identity: { model: 'T48U', firmware: '108.86.0.45', mac: '805ec0aabb02' },
    },
    {
      userAgent: 'Yealink SIP-T42S 66.84.0.90',
      identity: { model: 'T42S', firmware: '66.84.0.90', mac: undefined },
    },
  ],
});
