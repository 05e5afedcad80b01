import { defineDriver } from '@phonefleet/sdk';
import { parseXml, renderXml } from './format.js';
import { identify } from './identify.js';
import { map, unsupported } from './mapping.js';
import { models } from './models.js';

const XML = 'application/xml; charset=utf-8';

/**
 * Grandstream GXP21xx/GRP261x desk phones (README.md names the public source behind every fact): one
 * `cfg<mac>.xml` per phone in Grandstream's XML provisioning format, P-values as elements.
 */
export default defineDriver({
  id: 'grandstream',
  vendor: 'Grandstream',
  family: 'Grandstream GXP21xx/GRP261x',
  sdk: '^1.1.0',
  models: models.map(({ id, description, capabilities }) => ({ id, description, capabilities })),
  files: [{ name: 'cfg{mac}.xml', contentType: XML }],
  pushEvents: { checkSync: 'check-sync', reboot: 'sys-control' },
  fileParameters: { firmware: 'maintenance.binaryUpdate.FirmwareUrl' },
  parameters: { unsupported, map },
  text: {
    format: 'Grandstream XML',
    instructions: {
      en: 'The phone’s own file: <gs_provision version="1"> with <config version="1"> holding one Grandstream P-value per element, for example <P51>20</P51> for the VLAN tag. Write &amp; and &lt; for & and <. P-values in the text are pushed; P-values left out return to their defaults and are not pushed.',
      'zh-CN':
        '话机自己的文件格式：<gs_provision version="1"> 中的 <config version="1"> 每个元素为一个 Grandstream P 值，例如 VLAN 标签写作 <P51>20</P51>。& 与 < 须写作 &amp; 与 &lt;。文本中的 P 值将被下发；未写入的恢复默认值且不下发。',
    },
  },
  identify,
  render: (values, { model, mac }) => renderXml(values, map, mac, model.id),
  parse: (text) => parseXml(text, map),
  sampleUserAgents: [
    {
      userAgent: 'Grandstream Model HW GRP2614 SW 1.0.5.33 DevId c074ad112233',
      identity: { model: 'GRP2614', firmware: '1.0.5.33', mac: 'c074ad112233' },
    },
    {
      userAgent: 'Grandstream Model HW GXP2170 V1.2A SW 1.0.11.3 DevId 000b82aabbcc',
      identity: { model: 'GXP2170', firmware: '1.0.11.3', mac: '000b82aabbcc' },
    },
    {
      userAgent: 'Grandstream GXP2170 1.0.11.3',
      identity: { model: 'GXP2170', firmware: '1.0.11.3', mac: undefined },
    },
    {
      userAgent: 'Grandstream GRP2612P 1.0.5.33',
      identity: { model: 'GRP2612', firmware: '1.0.5.33', mac: undefined },
    },
  ],
});
