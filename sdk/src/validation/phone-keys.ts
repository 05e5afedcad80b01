import { typesWithoutValue, typesWithSubtype } from '../catalogue/phone-keys.js';
import type { PhoneKeyItem } from '../catalogue/types.js';

/** Cells of a phone key row that the editor can disable. */
export type PhoneKeyRuleCell = 'account' | 'value' | 'label' | 'extension' | 'subtype';
/** `true` means the cell is disabled for the type. */
export type PhoneKeyCellRules = Readonly<Record<PhoneKeyRuleCell, boolean>>;

/** Types whose key acts on an account. */
const typesWithAccount = new Set([
  '1',
  '2',
  '4',
  '5',
  '10',
  '12',
  '13',
  '14',
  '15',
  '16',
  '59',
  '1001',
  '1003',
  '1013',
  '1021',
]);
/** Types that use the Extension cell (BLF pickup code, park retrieve code, memory key extension). */
const typesWithExtension = new Set(['5', '14', '1001']);
/** Types that leave the key unassigned: everything but the type is disabled. */
const emptyTypes = new Set(['0', '1002']);

/** Whether a key of this type needs a Value (catalogue §5). */
export function typeNeedsValue(type: string): boolean {
  return !typesWithoutValue.has(type);
}

/** Which cells of a key row are disabled for a type. */
export function phoneKeyCellRules(type: string): PhoneKeyCellRules {
  const none = emptyTypes.has(type);
  return {
    account: none || !typesWithAccount.has(type),
    value: none || !typeNeedsValue(type),
    label: none,
    extension: none || !typesWithExtension.has(type),
    subtype: !typesWithSubtype.has(type),
  };
}

/** SubType a row takes when its type becomes `type`: `<last two digits>00` for subtype types, else the default. */
export function subTypeFor(type: string, defaultSubType: string): string {
  return typesWithSubtype.has(type) ? `${type.slice(-2)}00` : defaultSubType;
}

/**
 * A row after the user picks a new Type (catalogue §4): account, value, label and extension go
 * back to their defaults; SubType becomes `<last two digits>00` for 1001, 1003, 1014, 1022, else
 * its default.
 */
export function phoneKeyTypeChanged(row: PhoneKeyItem, newType: string): PhoneKeyItem {
  const reset = (cell: { Value: string; DefaultValue: string }) => ({ ...cell, Value: cell.DefaultValue });
  const next: PhoneKeyItem = {
    ...row,
    Type: { ...row.Type, Value: newType },
    Account: reset(row.Account),
    Value: reset(row.Value),
    Label: reset(row.Label),
    Extension: reset(row.Extension),
  };
  if (row.SubType) next.SubType = { ...row.SubType, Value: subTypeFor(newType, row.SubType.DefaultValue) };
  return next;
}
