import { defineDriver } from '@phonefleet/sdk';
import { parseSysConf, renderCommon, renderSysConf } from './format.js';
import { identify } from './identify.js';
import { map, unsupported } from './mapping.js';
import { models } from './models.js';

const CFG = 'text/plain; charset=utf-8';
const modelIds: ReadonlySet<string> = new Set(models.map((model) => model.id));

/**
 * Fanvil X-series desk phones (README.md names the public sources behind every fact): `<mac>.cfg`
 * per phone and one common file per model, both `sysConf` XML.
 */
export default defineDriver({
  id: 'fanvil',
  vendor: 'Fanvil',
  family: 'Fanvil X-series',
  sdk: '^1.1.0',
  models: models.map(({ id, description, capabilities }) => ({ id, description, capabilities })),
  files: [
    { name: '{mac}.cfg', contentType: CFG },
    ...models.map((model) => ({ name: model.commonFile, contentType: CFG, models: [model.id] })),
  ],
  pushEvents: { checkSync: 'check-sync', reboot: 'check-sync;reboot=true' },
  fileParameters: { firmware: 'maintenance.binaryUpdate.FirmwareUrl' },
  parameters: { unsupported, map },
  text: {
    format: 'Fanvil sysConf XML',
    instructions: {
      en: 'The phone’s own file: <sysConf> holding <Version>2.0002</Version> and the settings as nested elements, a numbered element with an index attribute (for example <sip><line index="1"><PhoneNumber>2001</PhoneNumber></line></sip>). Write &, < and > as &amp;, &lt; and &gt;. Elements in the text are pushed; elements left out return to their defaults and are not pushed.',
      'zh-CN':
        '话机自己的文件格式：<sysConf> 中包含 <Version>2.0002</Version> 及嵌套的配置元素，带编号的元素使用 index 属性（例如 <sip><line index="1"><PhoneNumber>2001</PhoneNumber></line></sip>）。&、< 和 > 写作 &amp;、&lt; 和 &gt;。文本中的元素将被下发；未写入的恢复默认值且不下发。',
    },
  },
  identify: (userAgent) => identify(userAgent, modelIds),
  render: (values, { model, mac, file }) =>
    file.name.includes('{mac}') ? renderSysConf(values, map, `${model.id} ${mac}`) : renderCommon(model.id),
  parse: (text) => parseSysConf(text, map),
  sampleUserAgents: [
    {
      userAgent: 'Fanvil X4U 2.12.16.17 0c383e07e16c',
      identity: { model: 'X4U', firmware: '2.12.16.17', mac: '0c383e07e16c' },
    },
    {
      userAgent: 'Fanvil X6U Pro 0.0.10 0c383e2cd782',
      identity: { model: 'X6U', firmware: '0.0.10', mac: '0c383e2cd782' },
    },
    {
      userAgent: 'Fanvil X210 2.4.5.2 0c383e112233',
      identity: { model: 'X210', firmware: '2.4.5.2', mac: '0c383e112233' },
    },
    {
      userAgent: 'Fanvil X5U-V2 2.12.16.17 0c383e557eb1',
      identity: { model: 'X5U', firmware: '2.12.16.17', mac: '0c383e557eb1' },
    },
  ],
});
