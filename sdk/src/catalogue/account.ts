import {
  accountCount,
  type BuildContext,
  bool,
  codePair,
  num,
  numberListPattern,
  select,
  type TabSpec,
  text,
  transfer,
} from './define.js';
import {
  codecOpts,
  dtmfModeExtraOpts,
  dtmfModeOpts,
  serverTypeExtraOpts,
  serverTypeOpts,
  srtpModeOpts,
} from './options.js';

/** Accounts 1 and 2 get the extra server types and DTMF modes and the keep-alive mode. */
const firstTwo = (ctx: BuildContext) => ctx.index <= 2;
const others = (ctx: BuildContext) => ctx.index > 2;

const codec = [
  transfer('SIPPreferredVocoder', ['Preferred codecs', '首选编码'], '0;8;18;9;98;125', codecOpts, {
    tooltip: ['Audio codecs offered in calls, in order of preference.', '通话时按优先顺序提供的音频编码。'],
  }),
  select('OpusBandwidth', ['Opus bandwidth', 'Opus 带宽'], '1', [
    ['0', 'Narrowband (8 kHz)', '窄带（8 kHz）'],
    ['1', 'Wideband (16 kHz)', '宽带（16 kHz）'],
    ['2', 'Fullband (48 kHz)', '全带（48 kHz）'],
  ]),
  select('iLBCFrameMode', ['iLBC frame length', 'iLBC 帧长'], '30', [
    ['20', '20 ms', '20 毫秒'],
    ['30', '30 ms', '30 毫秒'],
  ]),
  text('AudioPacketTime', ['Packet time per codec (ms)', '各编码打包时长（毫秒）'], '20;20;20;20;20;20', {
    pattern: numberListPattern,
    tooltip: [
      'Packetisation time of each preferred codec, in the same order, separated by ";".',
      '与首选编码顺序对应的打包时长，以“;”分隔。',
    ],
  }),
  text('AudioPayloadTypes', ['Dynamic payload types', '动态负载类型'], '101;96', {
    pattern: numberListPattern,
    tooltip: [
      'RTP payload types of telephone-event and Opus, separated by ";".',
      'telephone-event 与 Opus 的 RTP 负载类型，以“;”分隔。',
    ],
  }),
  bool('AudioVad', ['Voice activity detection', '静音检测'], false),
];

const advanced = [
  text('TelephonyVmNumber', ['Voice mail number', '语音信箱号码']),
  text('SIPMessageWaitingIndicationUri', ['MWI subscription URI', '留言指示订阅 URI']),
  text('SIPNConfUri', ['Network conference URI', '网络会议 URI']),
  select(
    'SIPGroupServerType',
    ['Server type', '服务器类型'],
    '0',
    [...serverTypeOpts, ...serverTypeExtraOpts],
    {
      when: firstTwo,
    },
  ),
  select('SIPGroupServerType', ['Server type', '服务器类型'], '0', serverTypeOpts, { when: others }),
  select('SIPGroupDtmfMode', ['DTMF mode', 'DTMF 模式'], '2', [...dtmfModeOpts, ...dtmfModeExtraOpts], {
    when: firstTwo,
  }),
  select('SIPGroupDtmfMode', ['DTMF mode', 'DTMF 模式'], '2', dtmfModeOpts, { when: others }),
  select('SIPGroupSrtpWorkingMode', ['SRTP mode', 'SRTP 模式'], '0', srtpModeOpts),
  bool('SIPServerKeepAliveEnable', ['Server keep-alive', '服务器保活'], true),
  select(
    'KeepAliveMode',
    ['Keep-alive mode', '保活方式'],
    '2',
    [
      ['0', 'SIP OPTIONS', 'SIP OPTIONS'],
      ['1', 'SIP NOTIFY', 'SIP NOTIFY'],
      ['2', 'UDP (CRLF)', 'UDP（CRLF）'],
    ],
    { when: firstTwo },
  ),
  num('SIPServerGenericPollingTimer', ['Keep-alive interval (s)', '保活间隔（秒）'], 40, 10, 3600),
  num('SIPGroupSessionTimer', ['Session timer (s, 0 = off)', '会话定时器（秒，0 为关闭）'], 0, 0, 86400),
  select('SIPGroupSessionTimerRefresher', ['Session refresher', '会话刷新方'], '0', [
    ['0', 'UAC', 'UAC'],
    ['1', 'UAS', 'UAS'],
  ]),
  text('SIPBlfListUri', ['BLF resource list URI', 'BLF 资源列表 URI']),
  text('SIPBlfPickupCode', ['BLF pickup code', 'BLF 代接码']),
  text('SIPVqCollectorUri', ['VoIP tickets collector', 'VoIP 话单收集地址']),
  bool('SIPHideIdentityEnable', ['Hide identity', '隐藏身份'], false),
  ...codePair('SIPHideIdentity', ['Hide identity', '隐藏身份']),
  bool('SIPAnonymousRejectEnable', ['Anonymous call rejection', '拒接匿名来电'], false),
  ...codePair('SIPAnonymousReject', ['Anonymous call rejection', '拒接匿名来电']),
  text('SIPDigitMap', ['Digit map', '拨号规则表']),
  num('DigitMapTimer', ['Digit map timer (s)', '拨号规则超时（秒）'], 1, 0, 60),
  select('SIPPrivacyMode', ['Privacy mode', '隐私模式'], '0', [
    ['0', 'None', '无'],
    ['1', 'Privacy: id', 'Privacy: id'],
    ['2', 'Privacy: header', 'Privacy: header'],
    ['3', 'Privacy: id; header', 'Privacy: id; header'],
  ]),
  bool('SIPRportEnable', ['Rport', 'Rport'], false),
  bool('SIPIntercomEnable', ['Interphony (intercom) status', '对讲状态'], true),
  text('SIPPickupPrefix', ['Pickup prefix code', '代接前缀码']),
  bool('SipUserPhoneEnable', ['user=phone in URI', 'URI 中带 user=phone'], false),
  bool('SIPSlaEnable', ['Shared line appearance (SLA)', '共享线路（SLA）'], false),
  bool('SIPSipsUriEnable', ['Use SIPS URI', '使用 SIPS URI'], false),
  bool('SIPTlsAnticipationEnable', ['TLS anticipation', 'TLS 预连接'], false),
  num('SubscribeExpire', ['Subscription expiry (s)', '订阅有效期（秒）'], 3600, 60, '*'),
  num(
    'FailoverSubscribeExpire',
    ['Failover subscription expiry (s)', '故障切换订阅有效期（秒）'],
    3600,
    60,
    '*',
  ),
  num('SwitchoverTimer', ['Switchover timer (s)', '切换定时器（秒）'], 60, 0, '*'),
];

export const accountTab: TabSpec = {
  key: 'account',
  label: ['Account', '账号'],
  sections: [
    {
      key: 'codec',
      label: ['Codec', '编码'],
      params: [],
      groups: [{ key: 'account', title: ['Account {n}', '账号 {n}'], count: accountCount, params: codec }],
    },
    {
      key: 'advanced',
      label: ['Advanced', '高级'],
      params: [],
      groups: [{ key: 'account', title: ['Account {n}', '账号 {n}'], count: accountCount, params: advanced }],
    },
  ],
};
