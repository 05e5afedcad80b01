/** Texts of the validation engine, in the spec's words (en) and Simplified Chinese. `{name}` is filled in. */
export const validationMessages = {
  parameterValidationFailed: { en: 'Parameter validation failed', zh: '参数校验失败' },
  phoneKeysValidateTips: { en: 'The value of {key} cannot be empty', zh: '{key} 的值不能为空' },
  ipv4Validate: { en: 'Please enter a valid IPv4 address', zh: '请输入有效的 IPv4 地址' },
  transferValidate: { en: 'The transfer parameter cannot be empty', zh: '穿梭框参数不能为空' },
  numberRange: {
    en: 'Please enter a number between {min} and {max}',
    zh: '请输入 {min} 到 {max} 之间的数字',
  },
  numberMin: { en: 'Please enter a number not less than {min}', zh: '请输入不小于 {min} 的数字' },
  numberMax: { en: 'Please enter a number not greater than {max}', zh: '请输入不大于 {max} 的数字' },
  numberInvalid: { en: 'Please enter a number', zh: '请输入数字' },
  optionInvalid: { en: 'Please select a valid option', zh: '请选择有效的选项' },
  timeInvalid: { en: 'Please enter a time as H:mm', zh: '请按 H:mm 格式输入时间' },
  textTooLong: { en: 'The length cannot exceed {max} characters', zh: '长度不能超过 {max} 个字符' },
  textInvalid: { en: 'Invalid characters', zh: '包含无效字符' },
  unknownParameter: { en: 'Unknown parameter: {key}', zh: '未知参数：{key}' },
  noData: { en: 'No data, please add configuration item', zh: '暂无数据，请添加配置项' },
  /** Not in the spec: a value of the wrong JSON type (object where a string is expected ...). */
  typeInvalid: { en: 'Invalid value type', zh: '值的类型无效' },
} as const satisfies Record<string, { en: string; zh: string }>;

export type ValidationMessageKey = keyof typeof validationMessages;
export type MessageParams = Readonly<Record<string, string | number>>;

export function formatValidationMessage(
  key: ValidationMessageKey,
  params: MessageParams = {},
): { en: string; zh: string } {
  const fill = (text: string) =>
    text.replace(/\{(\w+)\}/g, (all, name: string) => String(params[name] ?? all));
  const entry = validationMessages[key];
  return { en: fill(entry.en), zh: fill(entry.zh) };
}
