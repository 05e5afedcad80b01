import {
  accountCount,
  bool,
  codePair,
  keyAccountCount,
  num,
  type ParamSpec,
  select,
  type TabSpec,
  text,
} from './define.js';

const forwardKinds = [
  ['Always', 'Immediate forwarding', '无条件转移'],
  ['Busy', 'Busy forwarding', '遇忙转移'],
  ['NoAnswer', 'No-reply forwarding', '无应答转移'],
] as const;
const forwarding: ParamSpec[] = forwardKinds.flatMap(([kind, en, zh]) => [
  bool(`Forward${kind}Enable`, [en, zh], false),
  text(`Forward${kind}Target`, [`${en} destination`, `${zh}目标号码`]),
  ...codePair(`Forward${kind}`, [en, zh]),
]);
const dndState: ParamSpec[] = [
  bool('DndEnable', ['Do not disturb', '免打扰'], false),
  ...codePair('Dnd', ['Do not disturb', '免打扰']),
];
const hotline: ParamSpec[] = [
  bool('HotlineEnable', ['Hotline', '热线'], false),
  num('HotlineDelay', ['Hotline delay (s)', '热线延时（秒）'], 4, 0, 10),
  text('HotlineNumber', ['Hotline number', '热线号码']),
];
const accountGroup = (params: ParamSpec[], count = keyAccountCount) => ({
  key: 'account',
  title: ['Account {n}', '账号 {n}'] as const,
  count,
  params,
});

export const functionTab: TabSpec = {
  key: 'function',
  label: ['Function', '功能'],
  sections: [
    {
      key: 'forward',
      label: ['Forward', '呼叫转移'],
      params: [
        select('ForwardMethod', ['Forward method', '转移方式'], '0', [
          ['0', 'Phone (all accounts)', '话机（所有账号）'],
          ['1', 'Per account', '按账号'],
        ]),
        ...forwarding,
      ],
      groups: [accountGroup(forwarding)],
    },
    {
      key: 'dnd',
      label: ['Do not disturb', '免打扰'],
      params: [
        select('DndMethod', ['DND method', '免打扰方式'], '0', [
          ['0', 'Phone (all accounts)', '话机（所有账号）'],
          ['1', 'Per account', '按账号'],
        ]),
        select('DndMode', ['DND mode', '免打扰模式'], '0', [
          ['0', 'Reject with 486 Busy Here', '以 486 忙拒接'],
          ['1', 'Reject with 480 Temporarily Unavailable', '以 480 暂时不可用拒接'],
          ['100', 'Silent (no ring)', '静默（不振铃）'],
          ['101', 'Forward to voice mail', '转到语音信箱'],
          ['102', 'Server-side DND', '服务器端免打扰'],
        ]),
        ...dndState,
      ],
      groups: [accountGroup(dndState)],
    },
    {
      key: 'intercom',
      label: ['Intercom', '对讲'],
      params: [
        bool('IntercomAutoAnswerEnable', ['Allow intercom auto-answer', '允许对讲自动应答'], true),
        bool('IntercomMuteEnable', ['Mute on intercom answer', '对讲应答时静音'], false),
        bool('IntercomToneEnable', ['Intercom tone', '对讲提示音'], true),
        bool('IntercomBargeEnable', ['Intercom barge', '对讲强插'], false),
      ],
      groups: [
        accountGroup([
          select('IntercomType', ['Intercom type', '对讲类型'], '0', [
            ['0', 'Call-Info header', 'Call-Info 头域'],
            ['1', 'Alert-Info header', 'Alert-Info 头域'],
            ['2', 'Call-Info and Alert-Info', 'Call-Info 和 Alert-Info'],
          ]),
        ]),
      ],
    },
    {
      key: 'hotline',
      label: ['Hotline', '热线'],
      params: hotline,
      groups: [accountGroup(hotline, (ctx) => Math.min(2, accountCount(ctx)))],
    },
    {
      key: 'actionUrl',
      label: ['Action URL', '动作 URL'],
      params: [
        text('ActionUrlSetupCompleted', ['Setup completed', '启动完成']),
        text('ActionUrlRegistered', ['Registered', '注册成功']),
        text('ActionUrlUnregistered', ['Unregistered', '注销']),
        text('ActionUrlRegisterFailed', ['Registration failed', '注册失败']),
        text('ActionUrlReboot', ['Reboot', '重启']),
        text('ActionUrlCallEnd', ['Call end', '通话结束']),
      ],
    },
    {
      key: 'callpickupCallpark',
      label: ['Call pickup and park', '代答和驻留'],
      params: [
        bool('CallPickupEnable', ['Directed call pickup', '指定代答'], false),
        text('CallPickupCode', ['Directed pickup code', '指定代答码']),
        text('GroupPickupCode', ['Group pickup code', '组代答码']),
        bool('CallParkEnable', ['Call park', '呼叫驻留'], false),
        text('CallParkCode', ['Call park code', '呼叫驻留码']),
        text('CallParkRetrieveCode', ['Park retrieve code', '驻留取回码']),
      ],
    },
    {
      key: 'multicastPaging',
      label: ['Multicast paging', '组播寻呼'],
      params: [
        select('MulticastPagingCodec', ['Paging codec', '寻呼编码'], '8', [
          ['0', 'G.711μ (PCMU)', 'G.711μ (PCMU)'],
          ['8', 'G.711A (PCMA)', 'G.711A (PCMA)'],
          ['9', 'G.722', 'G.722'],
        ]),
        bool('MulticastPagingBargeEnable', ['Paging barges into calls', '寻呼强插通话'], false),
        bool('MulticastPagingPriorityActive', ['Paging priority active', '启用寻呼优先级'], true),
        text('MulticastListenAddress', ['Listening addresses (ip:port;...)', '监听地址（ip:端口;...）']),
      ],
    },
    {
      key: 'transfer',
      label: ['Transfer', '转接'],
      params: [
        bool('TransferOnHangupEnable', ['Transfer on hang-up', '挂机转接'], true),
        bool('SemiAttendedTransferEnable', ['Semi-attended transfer', '半咨询转接'], true),
        select('DssKeyTransferMode', ['Transfer mode of keys', '按键转接方式'], '0', [
          ['0', 'Blind transfer', '盲转'],
          ['1', 'Attended transfer', '咨询转接'],
          ['2', 'New call', '新呼叫'],
        ]),
      ],
    },
    {
      // Spelled as in the payload of console spec §3 ("reomteContal").
      key: 'reomteContal',
      label: ['Remote control', '远程控制'],
      params: [
        text('ActionUriAllowIp', ['Action URI allowed hosts', '允许的 Action URI 主机']),
        bool('ActionUriConfirmEnable', ['Confirm remote control on the phone', '话机上确认远程控制'], true),
      ],
    },
  ],
};
