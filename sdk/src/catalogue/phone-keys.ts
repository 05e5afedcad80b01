import {
  accountOpts,
  type BuildContext,
  keyAccountCount,
  lt,
  type Opt,
  type ParamSpec,
  select,
  type Txt,
  text,
} from './define.js';
import type { KeySectionNode, ParameterDef, PhoneKeyCellName, PhoneKeyRowNode } from './types.js';

/** Names of the phone key types (the spec gives only the codes). */
export const phoneKeyTypeNames: Readonly<Record<string, Txt>> = {
  '0': ['N/A', '未定义'],
  '1': ['Speed dial', '快速拨号'],
  '2': ['Line', '线路'],
  '3': ['Directory', '通讯录'],
  '4': ['DND', '免打扰'],
  '5': ['BLF', 'BLF'],
  '6': ['Hold', '保持'],
  '7': ['Redial', '重拨'],
  '8': ['Transfer', '转接'],
  '9': ['Conference', '会议'],
  '10': ['Voice mail', '语音信箱'],
  '11': ['Headset', '耳机'],
  '12': ['Call return', '回拨'],
  '13': ['Intercom', '对讲'],
  '14': ['Call park', '呼叫驻留'],
  '15': ['Directed pickup', '指定代答'],
  '16': ['Group pickup', '组代答'],
  '17': ['DTMF', 'DTMF'],
  '18': ['Record', '录音'],
  '19': ['URL', 'URL'],
  '21': ['Multicast paging', '组播寻呼'],
  '22': ['Action URL', '动作 URL'],
  '23': ['Group listening', '群听'],
  '24': ['Private hold', '私人保持'],
  '58': ['Keypad lock', '键盘锁'],
  '59': ['Prefix', '前缀'],
  '60': ['Hot desking', '热座'],
  '101': ['History', '通话记录'],
  '102': ['Menu', '菜单'],
  '103': ['Switch account', '切换账号'],
  '1001': ['Memory key', '存储键'],
  '1002': ['None', '无'],
  '1003': ['Line', '线路'],
  '1004': ['DTMF', 'DTMF'],
  '1007': ['URL', 'URL'],
  '1013': ['Voice mail', '语音信箱'],
  '1014': ['Multicast paging', '组播寻呼'],
  '1020': ['Action URL', '动作 URL'],
  '1021': ['Group pickup', '组代答'],
  '1022': ['Hotel service', '酒店服务'],
};

export const programKeyTypes = [
  '0',
  '1',
  '59',
  ...Array.from({ length: 18 }, (_, i) => String(i + 2)),
  '21',
  '22',
  '23',
  '24',
  '58',
  '60',
];
export const dynamicKeyTypes = [
  '0',
  '1',
  '3',
  '4',
  '7',
  '10',
  '11',
  '12',
  '13',
  '18',
  '19',
  '21',
  '23',
  '101',
  '102',
  '103',
];
export const dssKeyTypes = ['1001', '1002', '1003', '1004', '1007', '1013', '1014', '1020', '1021', '1022'];
export const dynamicKeyDefaults = ['101', '3', '102', '4'];

/** Types whose key works without a value (catalogue §5). */
export const typesWithoutValue: ReadonlySet<string> = new Set(
  '0,60,2,3,4,6,7,8,9,10,11,12,18,23,24,58,101,102,103,1002,1003,1013'.split(','),
);
/** Types whose SubType becomes `<last two digits>00` when chosen (catalogue §4). */
export const typesWithSubtype: ReadonlySet<string> = new Set(['1001', '1003', '1014', '1022']);

/** DSS SubType codes: `0000`, then `<type's last two digits><variant>` (the spec lists none). */
export const subTypeOpts: Opt[] = [
  ['0000', 'Default', '默认'],
  ['0100', 'Memory: speed dial', '存储键：快速拨号'],
  ['0101', 'Memory: intercom', '存储键：对讲'],
  ['0102', 'Memory: BLF', '存储键：BLF'],
  ['0103', 'Memory: presence', '存储键：在线状态'],
  ['0104', 'Memory: call park', '存储键：呼叫驻留'],
  ['0105', 'Memory: call pickup', '存储键：代答'],
  ['0300', 'Line: private line', '线路：独占线路'],
  ['0301', 'Line: shared line', '线路：共享线路'],
  ['0302', 'Line: bridged line', '线路：桥接线路'],
  ['1400', 'Paging: G.711A', '寻呼：G.711A'],
  ['1401', 'Paging: G.711μ', '寻呼：G.711μ'],
  ['1402', 'Paging: G.722', '寻呼：G.722'],
  ['1403', 'Paging: G.723.1', '寻呼：G.723.1'],
  ['1404', 'Paging: G.729', '寻呼：G.729'],
  ['2200', 'Hotel: front desk', '酒店：前台'],
  ['2201', 'Hotel: room service', '酒店：客房服务'],
  ['2202', 'Hotel: housekeeping', '酒店：客房清洁'],
  ['2203', 'Hotel: wake-up call', '酒店：叫醒服务'],
  ['2204', 'Hotel: concierge', '酒店：礼宾'],
  ['2205', 'Hotel: emergency', '酒店：紧急呼叫'],
];

/** Physical keys that can be reprogrammed; Type 0 keeps the key's own function. */
export const fixedKeyNames = [
  'Redial',
  'Release',
  'Hold',
  'Mute',
  'Transfer',
  'Message',
  'Conference',
  'Handsfree',
  'Up',
  'Down',
  'Left',
  'Right',
  'OK',
  'Cancel',
  'VolUp',
  'VolDown',
];

export const PHONE_KEY_PAGE_SIZE = 20;

const typeOpts = (types: readonly string[]): Opt[] =>
  types.map((t) => {
    const [en, zh] = phoneKeyTypeNames[t] ?? [t, t];
    return [t, en, zh];
  });

function cells(ctx: BuildContext, types: readonly string[], defaultType: string, accounts: number) {
  const defs: Partial<Record<PhoneKeyCellName, ParameterDef>> = {};
  const put = (name: PhoneKeyCellName, spec: ParamSpec) => {
    defs[name] = spec.def;
  };
  put('Type', select('Type', ['Type', '类型'], defaultType, typeOpts(types)));
  if (ctx.caps.keySubtype && !ctx.share)
    put('SubType', select('SubType', ['Subtype', '子类型'], '0000', subTypeOpts));
  put('Account', select('Account', ['Account', '账号'], '1', accountOpts(accounts)));
  put('Value', text('Value', ['Value', '值']));
  put('Label', text('Label', ['Label', '标签']));
  put('Extension', text('Extension', ['Extension', '扩展']));
  return defs;
}

const numbered = (
  count: number,
  name: (i: number) => string,
  id = (i: number) => String(i),
): PhoneKeyRowNode[] =>
  Array.from({ length: count }, (_, k) => ({ id: id(k + 1), Name: name(k + 1), defaults: {} }));

/** Phone key sections of a model; sections without keys are left out. */
export function phoneKeySections(ctx: BuildContext): KeySectionNode[] {
  const c = ctx.share
    ? { programKeys: 36, dynamicKeys: 4, dssKeys: 2, expansionModules: 3, keysPerModule: 60 }
    : ctx.caps;
  const keyAccounts = keyAccountCount(ctx);
  const section = (
    key: string,
    label: Txt,
    defs: Partial<Record<PhoneKeyCellName, ParameterDef>>,
    rows: PhoneKeyRowNode[],
  ): KeySectionNode => ({
    kind: 'keys',
    key,
    label: lt(label),
    pageSize: PHONE_KEY_PAGE_SIZE,
    cells: defs,
    rows,
  });

  const out: KeySectionNode[] = [
    section(
      'programKey',
      ['Programmable keys', '可编程按键'],
      cells(ctx, programKeyTypes, '0', keyAccounts),
      [
        ...numbered(c.programKeys, (i) => `ProgKey${i}`),
        ...fixedKeyNames.map((Name) => ({ id: Name, Name, defaults: {} })),
      ],
    ),
  ];
  if (c.dynamicKeys > 0) {
    const rows = numbered(c.dynamicKeys, (i) => `DynamicKey${i}`).map((row, i) => ({
      ...row,
      defaults: { Type: dynamicKeyDefaults[i] ?? '0' },
    }));
    out.push(
      section(
        'dynamicKey',
        ['Dynamic keys', '动态按键'],
        cells(ctx, dynamicKeyTypes, '0', keyAccounts),
        rows,
      ),
    );
  }
  if (c.expansionModules > 0 && c.keysPerModule > 0) {
    const rows: PhoneKeyRowNode[] = [];
    for (let m = 1; m <= c.expansionModules; m++) {
      for (const row of numbered(
        c.keysPerModule,
        (i) => `Aom${m}ProgKey${i}`,
        (i) => `Aom${m}ProgKey.${i}`,
      )) {
        rows.push({ ...row, module: m });
      }
    }
    out.push(
      section(
        'extKey',
        ['Expansion module keys', '扩展台按键'],
        cells(ctx, programKeyTypes, '0', keyAccounts),
        rows,
      ),
    );
  }
  if (c.dssKeys > 0) {
    out.push(
      section(
        'dssKey',
        ['DSS keys', 'DSS 按键'],
        cells(ctx, dssKeyTypes, '1002', Math.min(2, keyAccounts)),
        numbered(c.dssKeys, (i) => `DssKey${i}`),
      ),
    );
  }
  return out;
}
