import {
  bool,
  choice,
  keyAccountCount,
  num,
  type Opt,
  password,
  rangeOpts,
  select,
  type TabSpec,
  text,
} from './define.js';
import {
  dateFormatOpts,
  dateSeparatorOpts,
  monthOpts,
  timeZoneLocationOpts,
  timeZoneOpts,
  toneCountryOpts,
  weekdayOpts,
  weekOpts,
} from './options.js';

const colour = {
  when: (ctx: { share: boolean; caps: { colourScreen: boolean } }) => ctx.share || ctx.caps.colourScreen,
};
const ringTypes: Opt[] = rangeOpts(0, 15, (n) => [`Ring type ${n}`, `铃声 ${n}`], 2);
/** The daylight-saving rule's parameters: `settings.timeDate.DST<part>`. */
export const DST_RULE_PATH = 'settings.timeDate.DST';
const DST_EDGE_CELLS = ['Month', 'Date', 'Week', 'Weekday', 'Hour'] as const;
/** Each part's catalogue default: what a driver writes for a part of a vendor's one-value rule not pushed. */
export const DST_RULE_DEFAULTS: Readonly<Record<string, string>> = {
  Type: '1',
  StartMonth: '3',
  StartDate: '1',
  StartWeek: '2',
  StartWeekday: '0',
  StartHour: '2',
  EndMonth: '11',
  EndDate: '1',
  EndWeek: '1',
  EndWeekday: '0',
  EndHour: '2',
  Offset: '60',
};
/** The rule's parts in the order vendors write them: type, start, end, then the offset when asked. */
export function dstRuleParts({ offset }: { offset: boolean }): string[] {
  const edges = ['Start', 'End'].flatMap((edge) => DST_EDGE_CELLS.map((cell) => `${edge}${cell}`));
  return ['Type', ...edges, ...(offset ? ['Offset'] : [])];
}

const dstDefault = (part: string) => DST_RULE_DEFAULTS[part] ?? '';
const dstEdge = (edge: 'Start' | 'End', zh: string) => [
  select(
    `DST${edge}Month`,
    [`DST ${edge.toLowerCase()} month`, `夏令时${zh}月份`],
    dstDefault(`${edge}Month`),
    monthOpts,
  ),
  num(
    `DST${edge}Date`,
    [`DST ${edge.toLowerCase()} day of month`, `夏令时${zh}日期`],
    Number(dstDefault(`${edge}Date`)),
    1,
    31,
  ),
  select(
    `DST${edge}Week`,
    [`DST ${edge.toLowerCase()} week`, `夏令时${zh}周`],
    dstDefault(`${edge}Week`),
    weekOpts,
  ),
  select(
    `DST${edge}Weekday`,
    [`DST ${edge.toLowerCase()} weekday`, `夏令时${zh}星期`],
    dstDefault(`${edge}Weekday`),
    weekdayOpts,
  ),
  num(
    `DST${edge}Hour`,
    [`DST ${edge.toLowerCase()} hour`, `夏令时${zh}小时`],
    Number(dstDefault(`${edge}Hour`)),
    0,
    23,
  ),
];

export const settingsTab: TabSpec = {
  key: 'settings',
  label: ['Settings', '设置'],
  sections: [
    {
      key: 'general',
      label: ['General', '常规'],
      params: [
        select('KeyAsSend', ['Key as send', '发送键'], '1', [
          ['0', 'Disabled', '禁用'],
          ['1', '#', '#'],
          ['2', '*', '*'],
        ]),
        num('CallIdleTimeout', ['Dial idle timeout (s)', '拨号空闲超时（秒）'], 5, 1, 60),
        bool('StutterToneEnable', ['Stutter dial tone for voice mail', '语音留言断续拨号音'], true),
        bool('DialToneEnable', ['Dialing tone', '拨号音'], true),
        text('CallNumFilter', ['Number filter characters', '号码过滤字符']),
        bool('CallWaitingToneEnable', ['Call waiting tone', '呼叫等待提示音'], true),
        num('WUISessionTimeout', ['Web session timeout (s)', '网页会话超时（秒）'], 600, 30, 86400, {
          when: (ctx) => ctx.share || !ctx.caps.shortWebSession,
        }),
        num('WUISessionTimeoutH2', ['Web session timeout (s)', '网页会话超时（秒）'], 15, 10, 30, {
          when: (ctx) => ctx.share || ctx.caps.shortWebSession,
        }),
        num('HearRingBackToneTimeout', ['Ring-back tone timeout (s)', '回铃音超时（秒）'], 60, 0, 120),
        bool('CallCompletionEnable', ['Call completion', '呼叫完成'], false),
        bool('AutoRedialEnable', ['Auto redial', '自动重拨'], false),
        num('AutoRedialInterval', ['Auto redial interval (s)', '自动重拨间隔（秒）'], 10, 1, 60),
        num('AutoRedialTimes', ['Auto redial attempts', '自动重拨次数'], 5, 1, 10),
        bool('ConfidentialDialEnable', ['Confidential dial', '保密拨号'], false),
        text('ConfidentialDialPrefix', ['Confidential dial prefix', '保密拨号前缀']),
        num('ConfidentialDialLength', ['Confidential dial length', '保密拨号长度'], 0, 0, 32),
      ],
    },
    {
      key: 'timeDate',
      label: ['Time & date', '时间和日期'],
      params: [
        text('SntpServer1', ['Primary SNTP server', '首选 SNTP 服务器'], '0.pool.ntp.org'),
        text('SntpServer2', ['Secondary SNTP server', '备用 SNTP 服务器'], '1.pool.ntp.org'),
        num('SntpRefreshPeriod', ['SNTP refresh period (s)', 'SNTP 更新周期（秒）'], 3600, 60, 86400),
        select('TimeZone', ['Time zone', '时区'], '00:00', timeZoneOpts),
        choice('TimeZoneLocation', ['Time zone location', '时区位置'], '00:00#0', timeZoneLocationOpts, {
          Dependency: 'TimeZone',
        }),
        select('DSTEnable', ['Daylight saving time', '夏令时'], '2', [
          ['0', 'Disabled', '禁用'],
          ['1', 'Enabled', '启用'],
          ['2', 'Automatic', '自动'],
        ]),
        choice('DSTLocation', ['DST location', '夏令时位置'], '00:00#0', timeZoneLocationOpts, {
          Dependency: 'TimeZone',
          tooltip: [
            'Location whose daylight saving rules apply when DST is automatic; follows the time zone.',
            '夏令时为自动时采用该位置的夏令时规则，随时区变化。',
          ],
        }),
        select('DSTType', ['DST type', '夏令时类型'], dstDefault('Type'), [
          ['0', 'By date', '按日期'],
          ['1', 'By week', '按星期'],
        ]),
        ...dstEdge('Start', '开始'),
        ...dstEdge('End', '结束'),
        num('DSTOffset', ['DST offset (min)', '夏令时偏移（分钟）'], Number(dstDefault('Offset')), -300, 300),
        select('DateFormat', ['Date format', '日期格式'], '0', dateFormatOpts),
        select('DateSeperator', ['Date separator', '日期分隔符'], '1', dateSeparatorOpts),
        select('TimeFormat', ['Time format', '时间格式'], '0', [
          ['0', '24 hours', '24 小时制'],
          ['1', '12 hours', '12 小时制'],
        ]),
      ],
    },
    {
      key: 'callDisplay',
      label: ['Call display', '来电显示'],
      params: [
        select('CallDisplayPart', ['Call display', '来电显示内容'], '0', [
          ['0', 'Name and number', '名称和号码'],
          ['1', 'Number and name', '号码和名称'],
          ['2', 'Name only', '仅名称'],
          ['3', 'Number only', '仅号码'],
          ['4', 'Full contact', '完整联系人'],
        ]),
        bool('FullNameDisplay', ['Display full name', '显示全名'], false),
      ],
    },
    {
      key: 'audio',
      label: ['Audio', '音频'],
      params: [
        select('ToneCountry', ['Tone country', '信号音国家'], 'US', toneCountryOpts),
        num('DtmfLevel', ['DTMF level (dB)', 'DTMF 音量（dB）'], -10, -30, 0),
        select('DtmfDuration', ['DTMF duration', 'DTMF 时长'], '2', [
          ['1', '80 ms', '80 毫秒'],
          ['2', '100 ms', '100 毫秒'],
          ['3', '200 ms', '200 毫秒'],
          ['4', '250 ms', '250 毫秒'],
        ]),
        bool('DtmfFeedbackEnable', ['DTMF feedback', 'DTMF 回放'], true),
        bool('HearingAidEnable', ['Hearing aid compatibility', '助听器兼容'], false),
        num('Audio8021p', ['Voice 802.1p priority', '语音 802.1p 优先级'], 5, 0, 7),
      ],
    },
    {
      key: 'display',
      label: ['Display', '显示'],
      params: [
        bool('ScreensaverEnable', ['Screensaver', '屏幕保护'], false, colour),
        select(
          'ScreensaverTimeout',
          ['Screensaver timeout', '屏保等待时间'],
          '300',
          [60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600].map(
            (s): Opt => [
              String(s),
              s < 3600 ? `${s / 60} min` : `${s / 3600} h`,
              s < 3600 ? `${s / 60} 分钟` : `${s / 3600} 小时`,
            ],
          ),
          colour,
        ),
        num(
          'BackLightTimeout',
          ['Backlight timeout (s, 0 = always on)', '背光超时（秒，0 为常亮）'],
          300,
          0,
          1800,
        ),
        num('InactiveBackLightLevel', ['Inactive backlight level', '待机背光亮度'], 1, 1, 9),
        num('ActiveBackLightLevel', ['Backlight level', '背光亮度'], 5, 1, 9),
      ],
    },
    {
      key: 'ringing',
      label: ['Ringing', '铃声'],
      params: [
        select('RingDevice', ['Ring device', '振铃设备'], '0', [
          ['0', 'Speaker', '扬声器'],
          ['1', 'Headset', '耳机'],
          ['2', 'Speaker and headset', '扬声器和耳机'],
        ]),
        bool('ProgressiveRingEnable', ['Progressive ringing', '渐强振铃'], false),
        select('InternalRingType', ['Internal call ring', '内部来电铃声'], '00', ringTypes),
        select('ExternalRingType', ['External call ring', '外部来电铃声'], '00', ringTypes),
        bool('RingBeepEnable', ['Beep instead of ring', '蜂鸣代替振铃'], false),
        bool('SilentModeEnable', ['Silent mode', '静音模式'], false),
        num('RingingTimeout', ['Ringing timeout (s)', '振铃超时（秒）'], 60, 10, 600),
        text('RingtoneUrl', ['Custom ringtone URL (.wav)', '自定义铃声地址（.wav）']),
      ],
      groups: [
        {
          key: 'ringer',
          title: ['SIP ringer {n}', 'SIP 铃声 {n}'],
          count: () => 10,
          params: [
            text('RingerText', ['Alert-Info text', 'Alert-Info 文本']),
            text('RingerFile', ['Ring file', '铃声文件']),
          ],
        },
      ],
    },
    {
      key: 'dialingRule',
      label: ['Dialing rules', '拨号规则'],
      params: [],
      groups: [
        {
          key: 'account',
          title: ['Account {n}', '账号 {n}'],
          count: keyAccountCount,
          params: [
            bool('DialRuleHistoryEnable', ['Apply to history dialing', '应用于历史记录拨号'], false),
            bool('DialRuleContactEnable', ['Apply to contact dialing', '应用于联系人拨号'], false),
            bool('DialRuleForwardEnable', ['Apply to forwarding', '应用于呼叫转移'], false),
            bool('DialRuleManualEnable', ['Apply to manual dialing', '应用于手动拨号'], false),
            text('DialRuleCountryCode', ['Country code', '国家代码']),
            text('DialRuleAreaCode', ['Area code', '区号']),
            text('DialRuleExternalPrefix', ['External line prefix', '外线前缀']),
            text('DialRulePrefixExceptions', ['Prefix exceptions', '前缀例外']),
            num('DialRuleMinNumberLength', ['Minimum number length', '最短号码长度'], 0, 0, 32),
          ],
        },
      ],
    },
    {
      key: 'phoneLock',
      label: ['Phone lock', '话机锁'],
      params: [
        bool('PhoneLockEnable', ['Phone lock', '话机锁'], false),
        bool('PhoneAutoLockEnable', ['Automatic lock', '自动锁定'], false),
        num('PhoneLockTimeout', ['Automatic lock timeout (s)', '自动锁定时间（秒）'], 300, 0, 3600),
        password('PhoneLockPassword', ['Lock password', '解锁密码'], {
          tooltip: [
            'Unlock password. Empty keeps the phone factory default.',
            '解锁密码。为空时保留话机出厂默认值。',
          ],
        }),
        text('EmergencyNumber', ['Emergency numbers', '紧急号码'], '112,911'),
      ],
    },
    {
      key: 'bluetooth',
      label: ['Bluetooth', '蓝牙'],
      when: (ctx) => ctx.share || ctx.caps.bluetooth,
      params: [
        bool('BluetoothEnable', ['Bluetooth', '蓝牙'], false),
        text('BluetoothDeviceName', ['Bluetooth device name', '蓝牙设备名称'], '', { maxLength: 64 }),
        bool('BluetoothDiscoverableEnable', ['Discoverable', '可被发现'], true),
      ],
    },
    {
      key: 'screen',
      label: ['Screen', '屏幕'],
      ...colour,
      params: [
        text('WallpaperUrl', ['Wallpaper URL', '壁纸地址']),
        select('ScreensaverType', ['Screensaver type', '屏保类型'], '0', [
          ['0', 'Clock', '时钟'],
          ['1', 'Custom pictures', '自定义图片'],
        ]),
        text('ScreensaverImageUrl', ['Screensaver picture URL', '屏保图片地址']),
      ],
    },
    {
      key: 'tones',
      label: ['Tones', '信号音'],
      params: [
        text('DialToneDefinition', ['Custom dial tone', '自定义拨号音']),
        text('RingBackToneDefinition', ['Custom ring-back tone', '自定义回铃音']),
        text('BusyToneDefinition', ['Custom busy tone', '自定义忙音']),
        text('CallWaitingToneDefinition', ['Custom call waiting tone', '自定义呼叫等待音']),
      ],
    },
    {
      key: 'usb',
      label: ['USB', 'USB'],
      when: (ctx) => ctx.share || ctx.caps.usb,
      params: [
        bool('UsbPortEnable', ['USB port', 'USB 接口'], true),
        bool('UsbCallRecordEnable', ['Record calls to USB', '通话录音到 USB'], false),
      ],
    },
  ],
};
