import { defineDriver } from '@phonefleet/sdk';
import {
  DEVICE_FILE,
  MASTER_FILE,
  PHONE_MASTER_FILE,
  parseSettings,
  renderMaster,
  renderSettings,
} from './format.js';
import { identify } from './identify.js';
import { map, unsupported } from './mapping.js';
import { models } from './models.js';

const XML = 'application/xml; charset=utf-8';

/**
 * Poly (Polycom) VVX and Edge E desk phones on UC Software (README.md names the public documentation
 * behind every fact): the master configuration file names the application image (the firmware URL) and lists the
 * phone's own `<mac>-phonefleet.cfg`, an XML file whose attributes are the settings. A phone asks for
 * the master as `<mac>.cfg` first (its MAC in the path, which its User-Agent lacks), and as
 * `000000000000.cfg` only when that one is missing.
 */
export default defineDriver({
  id: 'poly',
  vendor: 'Polycom',
  family: 'Poly VVX, Edge E',
  sdk: '^1.1.0',
  models: models.map(({ id, description, capabilities }) => ({ id, description, capabilities })),
  files: [
    { name: DEVICE_FILE, contentType: XML },
    // Before `{mac}.cfg`, which its name would match as the MAC 000000000000. Asked only when the
    // phone's `<mac>.cfg` is missing.
    {
      name: MASTER_FILE,
      contentType: XML,
      models: models.map((model) => model.id),
      fallbackFor: PHONE_MASTER_FILE,
    },
    { name: PHONE_MASTER_FILE, contentType: XML },
  ],
  pushEvents: { checkSync: 'check-sync', reboot: 'check-sync;reboot=true' },
  parameters: { unsupported, map },
  text: {
    format: 'Polycom UC Software XML',
    instructions: {
      en: 'The phone’s own configuration file: XML whose attributes are the settings, e.g. <polycomConfig reg.1.address="2001" reg.1.server.1.address="pbx.example.com" />; any element may hold them. Settings under device. also need device.set="1" and their own .set="1", which the console adds. Write &amp; &lt; &gt; &quot; for & < > ". Settings in the text are pushed; settings left out return to their defaults and are not pushed.',
      'zh-CN':
        '话机自己的配置文件：以 XML 属性表示设置，例如 <polycomConfig reg.1.address="2001" reg.1.server.1.address="pbx.example.com" />；任何元素都可以承载属性。device. 下的设置还需要 device.set="1" 及各自的 .set="1"，由控制台添加。& < > " 写作 &amp; &lt; &gt; &quot;。文本中的设置将被下发；未写入的恢复默认值且不下发。',
    },
  },
  identify,
  render: (values, { model, mac, file }) =>
    file.name === DEVICE_FILE
      ? renderSettings(values, map, `${model.id} ${mac}`)
      : renderMaster(values, map, model.id, file.name.replace('{mac}', mac)),
  parse: (text) => parseSettings(text, map),
  sampleUserAgents: [
    {
      userAgent: 'FileTransport PolycomVVX-VVX_450-UA/6.4.3.5018 Type/Application',
      identity: { model: 'VVX_450', firmware: '6.4.3.5018', mac: undefined },
    },
    {
      userAgent: 'FileTransport PolycomVVX-VVX_250-UA/6.4.3.5018 Type/Application 64:16:7f:aa:bb:cc',
      identity: { model: 'VVX_250', firmware: '6.4.3.5018', mac: '64167faabbcc' },
    },
    {
      userAgent: 'PolycomVVX-VVX_350-UA/6.3.1.8427',
      identity: { model: 'VVX_350', firmware: '6.3.1.8427', mac: undefined },
    },
    {
      userAgent: 'FileTransport PolycomVVX-VVX_150-UA/5.9.5.0614 Type/Updater',
      identity: { model: 'VVX_150', firmware: '5.9.5.0614', mac: undefined },
    },
    {
      userAgent: 'FileTransport PolyEdge-Edge_E450-UA/8.0.0.15602 Type/Application',
      identity: { model: 'Edge_E450', firmware: '8.0.0.15602', mac: undefined },
    },
    {
      userAgent: 'FileTransport PolyEdge-Edge_E450-UA/8.0.0.15602 Type/Application 64:16:7f:aa:bb:cc',
      identity: { model: 'Edge_E450', firmware: '8.0.0.15602', mac: '64167faabbcc' },
    },
    {
      userAgent: 'PolyEdge-Edge_E220-UA/8.0.0.13670_48256712b942',
      identity: { model: 'Edge_E220', firmware: '8.0.0.13670', mac: undefined },
    },
  ],
});
