import type { Opt, Txt } from './define.js';

/**
 * Enumerations the spec leaves open ("full lists not shown", catalogue §9).
 * Every list here is this project's choice and is listed in docs/parameter-catalogue.md.
 */

export const codecOpts: Opt[] = [
  ['0', 'G.711μ (PCMU)', 'G.711μ (PCMU)'],
  ['8', 'G.711A (PCMA)', 'G.711A (PCMA)'],
  ['18', 'G.729', 'G.729'],
  ['9', 'G.722', 'G.722'],
  ['98', 'iLBC', 'iLBC'],
  ['125', 'Opus', 'Opus'],
  ['4', 'G.723.1', 'G.723.1'],
  ['2', 'G.726-32', 'G.726-32'],
  ['102', 'G.722.1', 'G.722.1'],
  ['104', 'G.722.1C', 'G.722.1C'],
  ['112', 'AMR-WB', 'AMR-WB'],
];

export const serverTypeOpts: Opt[] = [
  ['0', 'Standard SIP', '标准 SIP'],
  ['1', 'BroadSoft', 'BroadSoft'],
  ['2', 'Asterisk', 'Asterisk'],
  ['4', 'Metaswitch', 'Metaswitch'],
  ['5', 'Cisco UCM', 'Cisco UCM'],
  ['6', '3CX', '3CX'],
  ['10', 'FreeSWITCH', 'FreeSWITCH'],
];
/** Extra server types offered on accounts 1 and 2 only. */
export const serverTypeExtraOpts: Opt[] = [
  ['100', 'IMS (generic)', 'IMS（通用）'],
  ['101', 'IMS Huawei', 'IMS 华为'],
  ['106', 'IMS ZTE', 'IMS 中兴'],
  ['114', 'IMS Nokia', 'IMS 诺基亚'],
  ['117', 'IMS Ericsson', 'IMS 爱立信'],
  ['122', 'Microsoft Teams SIP Gateway', 'Microsoft Teams SIP 网关'],
  ['123', 'Zoom Phone', 'Zoom Phone'],
  ['124', 'RingCentral', 'RingCentral'],
  ['125', 'Webex Calling', 'Webex Calling'],
  ['126', 'Avaya', 'Avaya'],
  ['128', 'Mitel', 'Mitel'],
  ['129', 'Unify', 'Unify'],
  ['130', 'Kamailio', 'Kamailio'],
  ['131', 'Yeastar', 'Yeastar'],
  ['132', 'Alcatel-Lucent Enterprise', '阿尔卡特朗讯企业'],
];

export const dtmfModeOpts: Opt[] = [
  ['0', 'In-band', '带内'],
  ['1', 'SIP INFO', 'SIP INFO'],
  ['2', 'RFC 2833', 'RFC 2833'],
  ['3', 'RFC 2833 + SIP INFO', 'RFC 2833 + SIP INFO'],
  ['4', 'In-band + RFC 2833', '带内 + RFC 2833'],
  ['5', 'Automatic', '自动'],
];
/** Extra DTMF modes offered on accounts 1 and 2 only ("up to 104"). */
export const dtmfModeExtraOpts: Opt[] = [
  ['100', 'SIP INFO (dtmf-relay)', 'SIP INFO（dtmf-relay）'],
  ['101', 'SIP INFO (dtmf)', 'SIP INFO（dtmf）'],
  ['102', 'SIP INFO (telephone-event)', 'SIP INFO（telephone-event）'],
  ['103', 'RFC 2833 redundant', 'RFC 2833 冗余'],
  ['104', 'RFC 4733', 'RFC 4733'],
];

export const srtpModeOpts: Opt[] = [
  ['0', 'Disabled', '禁用'],
  ['1', 'Optional', '可选'],
  ['2', 'Compulsory', '强制'],
];

export const tlsVersionOpts: Opt[] = [
  ['0', 'TLS 1.0', 'TLS 1.0'],
  ['1', 'TLS 1.1', 'TLS 1.1'],
  ['2', 'TLS 1.2', 'TLS 1.2'],
  ['100', 'TLS 1.0 or later', 'TLS 1.0 及以上'],
  ['101', 'TLS 1.1 or later', 'TLS 1.1 及以上'],
  ['102', 'TLS 1.2 or later', 'TLS 1.2 及以上'],
];

export const toneCountryOpts: Opt[] = [
  ['US', 'United States', '美国'],
  ['CN', 'China', '中国'],
  ['GB', 'United Kingdom', '英国'],
  ['DE', 'Germany', '德国'],
  ['FR', 'France', '法国'],
  ['IT', 'Italy', '意大利'],
  ['ES', 'Spain', '西班牙'],
  ['NL', 'Netherlands', '荷兰'],
  ['SE', 'Sweden', '瑞典'],
  ['RU', 'Russia', '俄罗斯'],
  ['JP', 'Japan', '日本'],
  ['KR', 'Korea', '韩国'],
  ['IN', 'India', '印度'],
  ['AU', 'Australia', '澳大利亚'],
  ['NZ', 'New Zealand', '新西兰'],
  ['BR', 'Brazil', '巴西'],
  ['MX', 'Mexico', '墨西哥'],
  ['ZA', 'South Africa', '南非'],
  ['TR', 'Turkey', '土耳其'],
  ['AE', 'United Arab Emirates', '阿联酋'],
];

export const dateFormatOpts: Opt[] = [
  ['0', 'YYYY MM DD', '年 月 日'],
  ['1', 'MM DD YYYY', '月 日 年'],
  ['2', 'DD MM YYYY', '日 月 年'],
  ['3', 'WWW MMM DD', '星期 月 日'],
  ['4', 'DD MMM YYYY', '日 月(英文) 年'],
  ['5', 'WWW DD MMM', '星期 日 月'],
];
export const dateSeparatorOpts: Opt[] = [
  ['0', '- (hyphen)', '-（连字符）'],
  ['1', '/ (slash)', '/（斜杠）'],
  ['2', '. (dot)', '.（点）'],
  ['3', 'Space', '空格'],
];

export const monthOpts: Opt[] = [
  ['1', 'January', '一月'],
  ['2', 'February', '二月'],
  ['3', 'March', '三月'],
  ['4', 'April', '四月'],
  ['5', 'May', '五月'],
  ['6', 'June', '六月'],
  ['7', 'July', '七月'],
  ['8', 'August', '八月'],
  ['9', 'September', '九月'],
  ['10', 'October', '十月'],
  ['11', 'November', '十一月'],
  ['12', 'December', '十二月'],
];
export const weekOpts: Opt[] = [
  ['1', 'First', '第一周'],
  ['2', 'Second', '第二周'],
  ['3', 'Third', '第三周'],
  ['4', 'Fourth', '第四周'],
  ['5', 'Last', '最后一周'],
];
export const weekdayOpts: Opt[] = [
  ['0', 'Sunday', '星期日'],
  ['1', 'Monday', '星期一'],
  ['2', 'Tuesday', '星期二'],
  ['3', 'Wednesday', '星期三'],
  ['4', 'Thursday', '星期四'],
  ['5', 'Friday', '星期五'],
  ['6', 'Saturday', '星期六'],
];

/**
 * Time zones -11:00 .. +14:00 and their locations. The location value is `<offset>#<index>`;
 * index 0 is the zone's main location, so `<offset>#0` exists for every zone.
 */
export const timeZones: readonly (readonly [offset: string, locations: readonly Txt[]])[] = [
  ['-11:00', [['Samoa (Pago Pago)', '萨摩亚（帕果帕果）']]],
  ['-10:00', [['United States (Hawaii)', '美国（夏威夷）']]],
  ['-09:30', [['French Polynesia (Marquesas)', '法属波利尼西亚（马克萨斯）']]],
  ['-09:00', [['United States (Alaska)', '美国（阿拉斯加）']]],
  [
    '-08:00',
    [
      ['United States (Pacific Time)', '美国（太平洋时间）'],
      ['Canada (Vancouver)', '加拿大（温哥华）'],
      ['Mexico (Tijuana)', '墨西哥（蒂华纳）'],
    ],
  ],
  [
    '-07:00',
    [
      ['United States (Mountain Time)', '美国（山地时间）'],
      ['United States (Arizona)', '美国（亚利桑那）'],
      ['Canada (Edmonton)', '加拿大（埃德蒙顿）'],
    ],
  ],
  [
    '-06:00',
    [
      ['United States (Central Time)', '美国（中部时间）'],
      ['Mexico (Mexico City)', '墨西哥（墨西哥城）'],
      ['Canada (Winnipeg)', '加拿大（温尼伯）'],
    ],
  ],
  [
    '-05:00',
    [
      ['United States (Eastern Time)', '美国（东部时间）'],
      ['Canada (Toronto)', '加拿大（多伦多）'],
      ['Colombia (Bogota)', '哥伦比亚（波哥大）'],
      ['Peru (Lima)', '秘鲁（利马）'],
    ],
  ],
  [
    '-04:00',
    [
      ['Canada (Atlantic Time)', '加拿大（大西洋时间）'],
      ['Chile (Santiago)', '智利（圣地亚哥）'],
      ['Venezuela (Caracas)', '委内瑞拉（加拉加斯）'],
    ],
  ],
  ['-03:30', [['Canada (Newfoundland)', '加拿大（纽芬兰）']]],
  [
    '-03:00',
    [
      ['Brazil (Sao Paulo)', '巴西（圣保罗）'],
      ['Argentina (Buenos Aires)', '阿根廷（布宜诺斯艾利斯）'],
      ['Greenland (Nuuk)', '格陵兰（努克）'],
    ],
  ],
  ['-02:00', [['Brazil (Fernando de Noronha)', '巴西（费尔南多-迪诺罗尼亚）']]],
  [
    '-01:00',
    [
      ['Portugal (Azores)', '葡萄牙（亚速尔群岛）'],
      ['Cape Verde', '佛得角'],
    ],
  ],
  [
    '00:00',
    [
      ['UTC', '协调世界时'],
      ['United Kingdom (London)', '英国（伦敦）'],
      ['Ireland (Dublin)', '爱尔兰（都柏林）'],
      ['Portugal (Lisbon)', '葡萄牙（里斯本）'],
      ['Morocco (Casablanca)', '摩洛哥（卡萨布兰卡）'],
    ],
  ],
  [
    '+01:00',
    [
      ['Germany (Berlin)', '德国（柏林）'],
      ['France (Paris)', '法国（巴黎）'],
      ['Italy (Rome)', '意大利（罗马）'],
      ['Spain (Madrid)', '西班牙（马德里）'],
      ['Netherlands (Amsterdam)', '荷兰（阿姆斯特丹）'],
      ['Nigeria (Lagos)', '尼日利亚（拉各斯）'],
    ],
  ],
  [
    '+02:00',
    [
      ['Greece (Athens)', '希腊（雅典）'],
      ['Finland (Helsinki)', '芬兰（赫尔辛基）'],
      ['Egypt (Cairo)', '埃及（开罗）'],
      ['Israel (Jerusalem)', '以色列（耶路撒冷）'],
      ['South Africa (Johannesburg)', '南非（约翰内斯堡）'],
    ],
  ],
  [
    '+03:00',
    [
      ['Russia (Moscow)', '俄罗斯（莫斯科）'],
      ['Turkey (Istanbul)', '土耳其（伊斯坦布尔）'],
      ['Saudi Arabia (Riyadh)', '沙特阿拉伯（利雅得）'],
      ['Kenya (Nairobi)', '肯尼亚（内罗毕）'],
    ],
  ],
  ['+03:30', [['Iran (Tehran)', '伊朗（德黑兰）']]],
  [
    '+04:00',
    [
      ['United Arab Emirates (Dubai)', '阿联酋（迪拜）'],
      ['Azerbaijan (Baku)', '阿塞拜疆（巴库）'],
    ],
  ],
  ['+04:30', [['Afghanistan (Kabul)', '阿富汗（喀布尔）']]],
  [
    '+05:00',
    [
      ['Pakistan (Karachi)', '巴基斯坦（卡拉奇）'],
      ['Uzbekistan (Tashkent)', '乌兹别克斯坦（塔什干）'],
    ],
  ],
  [
    '+05:30',
    [
      ['India (New Delhi)', '印度（新德里）'],
      ['Sri Lanka (Colombo)', '斯里兰卡（科伦坡）'],
    ],
  ],
  ['+05:45', [['Nepal (Kathmandu)', '尼泊尔（加德满都）']]],
  ['+06:00', [['Bangladesh (Dhaka)', '孟加拉国（达卡）']]],
  ['+06:30', [['Myanmar (Yangon)', '缅甸（仰光）']]],
  [
    '+07:00',
    [
      ['Thailand (Bangkok)', '泰国（曼谷）'],
      ['Vietnam (Hanoi)', '越南（河内）'],
      ['Indonesia (Jakarta)', '印度尼西亚（雅加达）'],
    ],
  ],
  [
    '+08:00',
    [
      ['China (Beijing)', '中国（北京）'],
      ['Hong Kong', '中国香港'],
      ['Taiwan (Taipei)', '中国台湾（台北）'],
      ['Singapore', '新加坡'],
      ['Australia (Perth)', '澳大利亚（珀斯）'],
      ['Philippines (Manila)', '菲律宾（马尼拉）'],
    ],
  ],
  ['+08:45', [['Australia (Eucla)', '澳大利亚（尤克拉）']]],
  [
    '+09:00',
    [
      ['Japan (Tokyo)', '日本（东京）'],
      ['Korea (Seoul)', '韩国（首尔）'],
    ],
  ],
  [
    '+09:30',
    [
      ['Australia (Adelaide)', '澳大利亚（阿德莱德）'],
      ['Australia (Darwin)', '澳大利亚（达尔文）'],
    ],
  ],
  [
    '+10:00',
    [
      ['Australia (Sydney)', '澳大利亚（悉尼）'],
      ['Australia (Brisbane)', '澳大利亚（布里斯班）'],
      ['Russia (Vladivostok)', '俄罗斯（符拉迪沃斯托克）'],
    ],
  ],
  ['+10:30', [['Australia (Lord Howe Island)', '澳大利亚（豪勋爵岛）']]],
  [
    '+11:00',
    [
      ['Solomon Islands', '所罗门群岛'],
      ['New Caledonia', '新喀里多尼亚'],
    ],
  ],
  [
    '+12:00',
    [
      ['New Zealand (Auckland)', '新西兰（奥克兰）'],
      ['Fiji', '斐济'],
    ],
  ],
  ['+12:45', [['New Zealand (Chatham Islands)', '新西兰（查塔姆群岛）']]],
  ['+13:00', [['Tonga', '汤加']]],
  ['+14:00', [['Kiribati (Line Islands)', '基里巴斯（莱恩群岛）']]],
];

export const timeZoneOpts: Opt[] = timeZones.map(([offset]) => {
  const label = offset === '00:00' ? 'UTC' : `UTC${offset}`;
  return [offset, label, label];
});

/** All `<offset>#<index>` location options. */
export const timeZoneLocationOpts: Opt[] = timeZones.flatMap(([offset, locations]) =>
  locations.map(
    ([en, zh], i): Opt => [`${offset}#${i}`, `(UTC${offset === '00:00' ? '' : offset}) ${en}`, zh],
  ),
);
