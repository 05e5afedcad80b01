import type { ChannelRow, EnterpriseRow, Language } from '@phonefleet/sdk';
import { excel } from '../../http/xlsx.js';

/** An export holds at most this many organisations (the first ones in the list's order). */
export const EXPORT_MAX_ROWS = 100_000;

type Column<Row> = {
  header: { en: string; zh: string };
  width: number;
  value: (row: Row) => string | number;
};

const STATUS = {
  normal: { en: 'Normal', zh: '正常' },
  frozen: { en: 'Frozen', zh: '冻结' },
  inactivated: { en: 'Inactivated', zh: '未激活' },
} as const;

const YES = { en: 'Yes', zh: '是' };
const NO = { en: 'No', zh: '否' };

function columns(language: Language) {
  const zh = language === 'zh-CN';
  const text = (pair: { en: string; zh: string }) => (zh ? pair.zh : pair.en);
  const common = {
    name: { header: { en: 'Name', zh: '名称' }, width: 32 },
    email: { header: { en: 'Email', zh: '邮箱' }, width: 32 },
    contact: { header: { en: 'Contact', zh: '联系人' }, width: 20 },
    phone: { header: { en: 'Phone Number', zh: '电话号码' }, width: 18 },
    status: { header: { en: 'Status', zh: '状态' }, width: 12 },
    created: { header: { en: 'Create Time', zh: '创建时间' }, width: 24 },
  };
  const channel: Column<ChannelRow>[] = [
    { ...common.name, value: (r) => r.name },
    { ...common.email, value: (r) => r.email },
    { ...common.contact, value: (r) => r.contact },
    { ...common.phone, value: (r) => r.phone },
    { ...common.status, value: (r) => text(STATUS[r.status]) },
    { header: { en: 'Superior Channel', zh: '上级渠道' }, width: 28, value: (r) => r.parentName ?? '' },
    {
      header: { en: 'Sub-channels Allowed', zh: '允许创建子渠道' },
      width: 12,
      value: (r) => text(r.maySubChannels ? YES : NO),
    },
    { header: { en: 'Enterprises', zh: '企业数' }, width: 12, value: (r) => r.enterpriseCount },
    { ...common.created, value: (r) => r.createTime },
  ];
  const enterprise: Column<EnterpriseRow>[] = [
    { ...common.name, value: (r) => r.name },
    { ...common.email, value: (r) => r.email },
    { ...common.contact, value: (r) => r.contact },
    { ...common.phone, value: (r) => r.phone },
    { header: { en: 'Country/Area', zh: '国家/地区' }, width: 20, value: (r) => r.country },
    { header: { en: 'Device Numbers', zh: '设备数量' }, width: 14, value: (r) => r.deviceLimit ?? '' },
    { header: { en: 'Devices', zh: '设备数' }, width: 10, value: (r) => r.deviceCount },
    { ...common.status, value: (r) => text(STATUS[r.status]) },
    { header: { en: 'Channel', zh: '所属渠道' }, width: 28, value: (r) => r.channelName ?? '' },
    {
      header: { en: 'Channel Authorized', zh: '已授权渠道' },
      width: 12,
      value: (r) => text(r.channelAuthorized ? YES : NO),
    },
    { ...common.created, value: (r) => r.createTime },
  ];
  return { channel, enterprise, text };
}

async function workbook<Row>(sheetName: string, cols: Column<Row>[], rows: Row[], language: Language) {
  const book = new (await excel()).Workbook();
  const sheet = book.addWorksheet(sheetName);
  sheet.columns = cols.map((column, index) => ({
    header: language === 'zh-CN' ? column.header.zh : column.header.en,
    key: String(index),
    width: column.width,
  }));
  for (const row of rows) sheet.addRow(cols.map((column) => column.value(row)));
  return Buffer.from(await book.xlsx.writeBuffer());
}

export function channelWorkbook(rows: ChannelRow[], language: Language): Promise<Buffer> {
  return workbook(language === 'zh-CN' ? '渠道' : 'Channels', columns(language).channel, rows, language);
}

export function enterpriseWorkbook(rows: EnterpriseRow[], language: Language): Promise<Buffer> {
  return workbook(
    language === 'zh-CN' ? '企业' : 'Enterprises',
    columns(language).enterprise,
    rows,
    language,
  );
}
