import { defineDriver } from '@phonefleet/sdk';
import { parseProfile, renderModelProfile, renderProfile } from './format.js';
import { identify } from './identify.js';
import { map, unsupported } from './mapping.js';
import { models } from './models.js';

const XML = 'application/xml; charset=utf-8';
const modelIds: ReadonlySet<string> = new Set(models.map((model) => model.id));

/**
 * Cisco IP Phone 6800/7800/8800 multiplatform (3PCC) phones (README.md names the public sources
 * behind every fact): `$PSN.xml` per model (the factory profile rule) and `$MA.xml` per phone, both
 * `<flat-profile>` XML.
 */
export default defineDriver({
  id: 'cisco-mpp',
  vendor: 'Cisco',
  family: 'Cisco MPP',
  sdk: '^1.1.0',
  models: models.map(({ id, description, capabilities }) => ({ id, description, capabilities })),
  files: [
    { name: '{mac}.xml', contentType: XML },
    ...models.map((model) => ({ name: model.commonFile, contentType: XML, models: [model.id] })),
  ],
  pushEvents: { checkSync: 'resync', reboot: 'reboot_now' },
  fileParameters: { firmware: 'maintenance.binaryUpdate.FirmwareUrl' },
  parameters: { unsupported, map },
  text: {
    format: 'Cisco flat-profile XML',
    instructions: {
      en: 'The phone’s own profile: <flat-profile> holding one element per setting, named after the web page’s field with _ for spaces and _N_ for extension or line key N (for example <User_ID_1_>2001</User_ID_1_>, <Extended_Function_3_>fnc=blf+sd;sub=2010@$PROXY;nme=Alice</Extended_Function_3_>). Write &, < and > as &amp;, &lt; and &gt;. Elements in the text are pushed; elements left out return to their defaults and are not pushed.',
      'zh-CN':
        '话机自己的配置文件：<flat-profile> 中每个设置一个元素，元素名取自网页字段名，空格写作 _，第 N 个分机或线路键写作 _N_（例如 <User_ID_1_>2001</User_ID_1_>、<Extended_Function_3_>fnc=blf+sd;sub=2010@$PROXY;nme=Alice</Extended_Function_3_>）。&、< 和 > 写作 &amp;、&lt; 和 &gt;。文本中的元素将被下发；未写入的恢复默认值且不下发。',
    },
  },
  identify: (userAgent) => identify(userAgent, modelIds),
  render: (values, { model, mac, file }) =>
    file.name.includes('{mac}')
      ? renderProfile(values, map, `${model.id} ${mac}`)
      : renderModelProfile(values, map, `${file.name}: the profile rule to each phone's own $MA.xml`),
  parse: (text) => parseProfile(text, map),
  sampleUserAgents: [
    {
      userAgent: 'Cisco-CP-8841-3PCC/11.3.7 (00562b043615)',
      identity: { model: 'CP-8841', firmware: '11.3.7', mac: '00562b043615' },
    },
    {
      userAgent: 'Cisco-CP-7841-3PCC/11.0.1 (00562B0A1B2C)',
      identity: { model: 'CP-7841', firmware: '11.0.1', mac: '00562b0a1b2c' },
    },
    {
      userAgent: 'Cisco-CP-6851-3PCC/12.0.1 (a4b439001122)',
      identity: { model: 'CP-6851', firmware: '12.0.1', mac: 'a4b439001122' },
    },
    {
      userAgent: 'Cisco/CP-8861-3PCC-11.3.1',
      identity: { model: 'CP-8861', firmware: '11.3.1', mac: undefined },
    },
  ],
});
