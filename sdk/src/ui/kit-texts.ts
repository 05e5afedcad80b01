import type { Language } from '../envelope.js';

/** Texts of the UI kit's own components (server-independent, so not in sdk messages). */
const texts = {
  atLeastOneColumn: { en: 'Show at least one column', zh: '至少显示一列' },
  columns: { en: 'Columns', zh: '列设置' },
  resetColumns: { en: 'Reset', zh: '重置' },
  reload: { en: 'Refresh', zh: '刷新' },
  total: { en: 'Total {total} items', zh: '共 {total} 条' },
  noData: { en: 'No data', zh: '暂无数据' },
} as const satisfies Record<string, { en: string; zh: string }>;

export type KitTextKey = keyof typeof texts;

/** A lookup over `{ key: { en, zh } }` texts, filling `{name}` placeholders. */
export function textLookup<Key extends string>(table: Record<Key, { en: string; zh: string }>) {
  return (key: Key, language: Language, values: Record<string, string | number> = {}): string => {
    const entry = table[key];
    const template: string = language === 'zh-CN' ? entry.zh : entry.en;
    return template.replace(/\{(\w+)\}/g, (match, name: string) => String(values[name] ?? match));
  };
}

export const kitText = textLookup(texts);
