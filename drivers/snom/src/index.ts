import { defineDriver } from '@phonefleet/sdk';
import { parseSettings, renderModelFile, renderSettings } from './format.js';
import { identify } from './identify.js';
import { map, unsupported } from './mapping.js';
import { modelFiles, models } from './models.js';

const XML = 'application/xml; charset=utf-8';

/**
 * Snom D7xx desk phones (README.md names the public documentation behind every fact): `snom<model>.xml`
 * per model and `<mac>.xml` per phone, XML settings files with `<phone-settings>` and `<functionKeys>`.
 */
export default defineDriver({
  id: 'snom',
  vendor: 'Snom',
  family: 'Snom D7xx',
  sdk: '^1.1.0',
  models: models.map(({ id, description, capabilities }) => ({ id, description, capabilities })),
  files: [
    { name: '{mac}.xml', contentType: XML },
    ...modelFiles.map((file) => ({ name: file.name, contentType: XML, models: file.models })),
  ],
  pushEvents: { checkSync: 'check-sync;reboot=false', reboot: 'check-sync;reboot=true' },
  fileParameters: { firmware: 'maintenance.binaryUpdate.FirmwareUrl' },
  parameters: { unsupported, map },
  text: {
    format: 'Snom XML',
    instructions: {
      en: 'The phone’s own XML file: <settings> holding <phone-settings> with one element per setting (idx="N" for identity N, e.g. <user_host idx="1" perm="">pbx.example.com</user_host>) and <functionKeys> with <fkey idx="K" context="N" label="…">type argument</fkey>, K counted from 0. Write &amp; &lt; &gt; for & < >. Settings in the text are pushed; settings left out return to their defaults and are not pushed.',
      'zh-CN':
        '话机自己的 XML 文件：<settings> 内含 <phone-settings>，每个设置一个元素（idx="N" 表示第 N 个身份，例如 <user_host idx="1" perm="">pbx.example.com</user_host>），以及 <functionKeys>，格式为 <fkey idx="K" context="N" label="…">类型 参数</fkey>，K 从 0 开始。& < > 写作 &amp; &lt; &gt;。文本中的设置将被下发；未写入的恢复默认值且不下发。',
    },
  },
  identify,
  render: (values, { model, mac, file }) =>
    file.name.includes('{mac}')
      ? renderSettings(values, map, `${model.id} ${mac}`)
      : renderModelFile(model.id),
  parse: (text) => parseSettings(text, map),
  sampleUserAgents: [
    {
      userAgent: 'Mozilla/4.0 (compatible; snomD785-SIP 10.1.73.16)',
      identity: { model: 'D785', firmware: '10.1.73.16', mac: undefined },
    },
    {
      userAgent: 'Mozilla/4.0 (compatible; snomD735-SIP 10.1.54.13 00:04:13:AA:BB:CC)',
      identity: { model: 'D735', firmware: '10.1.54.13', mac: '000413aabbcc' },
    },
    {
      userAgent: 'Mozilla/4.0 (compatible; snomD717-SIP 10.1.46.16)',
      identity: { model: 'D717', firmware: '10.1.46.16', mac: undefined },
    },
    {
      userAgent: 'Mozilla/4.0 (compatible; snomD715-SIP 8.9.3.80)',
      identity: { model: 'D715', firmware: '8.9.3.80', mac: undefined },
    },
    {
      userAgent: 'snomD712/10.1.33.33',
      identity: { model: 'D712', firmware: '10.1.33.33', mac: undefined },
    },
  ],
});
