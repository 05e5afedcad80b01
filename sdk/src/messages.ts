import type { Language } from './envelope.js';

/**
 * Every user-facing text the platform sends, in the spec's words (en) and Simplified Chinese.
 * Keys are stable identifiers; the platform answers in the caller's Accept-Language.
 */
export const messages = {
  success: { en: 'Success', zh: '操作成功' },
  unknownError: { en: 'Unknown error', zh: '未知错误' },
  invalidRoute: { en: 'Invalid route', zh: '无效的路由' },
  notFound: { en: 'Not found', zh: '未找到' },
  forbidden: { en: 'No permission', zh: '没有权限' },
  sessionExpired: { en: 'Login expired, please log in again', zh: '登录已过期，请重新登录' },
  payloadTooLarge: { en: 'Request body too large', zh: '请求内容过大' },
  fieldRequired: { en: 'This field cannot be empty!', zh: '此项不能为空！' },
  invalidFormat: { en: 'Invalid format!', zh: '格式不正确！' },
  incorrectFormat: { en: 'Incorrect format', zh: '格式错误' },
  loginNameEmpty: { en: 'Email/Username cannot be empty!', zh: '邮箱/用户名不能为空！' },
  passwordEmpty: { en: 'Password cannot be empty!', zh: '密码不能为空！' },
  verifyCodeEmpty: { en: 'Please fill in the verification code!', zh: '请填写验证码！' },
  verifyCodeWrong: { en: 'The verification code is incorrect!', zh: '验证码不正确！' },
  emailInvalid: { en: 'Please fill in the email address correctly!', zh: '请正确填写邮箱地址！' },
  loginWrong: { en: 'Incorrect username or password', zh: '用户名或密码错误' },
  accountLocked: {
    en: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
    zh: '登录失败次数过多，请 15 分钟后再试。',
  },
  accountInactive: { en: 'The account is not activated', zh: '账号未激活' },
  accountFrozen: { en: 'The account has been frozen', zh: '账号已被冻结' },
  passwordRule: {
    en: 'The password must be 8-20 characters and contain at least three of: uppercase letters, lowercase letters, digits, special characters',
    zh: '密码长度为 8-20 位，且至少包含大写字母、小写字母、数字、特殊字符中的三种',
  },
  passwordMismatch: { en: 'The two passwords are inconsistent!', zh: '两次输入的密码不一致！' },
  resetLinkSent: {
    en: 'If the account exists, a reset link has been sent to its email address',
    zh: '如果账号存在，重置链接已发送到其邮箱',
  },
  resetTokenInvalid: { en: 'The reset link is invalid or has expired', zh: '重置链接无效或已过期' },
  passwordChanged: { en: 'Password modified successfully!', zh: '密码修改成功！' },
  networkTimeout: { en: 'Network timeout', zh: '网络超时' },
  networkException: { en: 'Network exception', zh: '网络异常' },
  textEditingUnsupported: { en: 'H2 and H2P do not support text editing', zh: 'H2 和 H2P 不支持文本编辑' },
  unknownModel: { en: 'Unknown device model', zh: '未知的设备型号' },
  nameTooLong: { en: 'The length cannot exceed 128 characters', zh: '长度不能超过 128 个字符' },
} as const satisfies Record<string, { en: string; zh: string }>;

export type MessageKey = keyof typeof messages;

export function translate(key: MessageKey, language: Language): string {
  const entry = messages[key];
  return language === 'zh-CN' ? entry.zh : entry.en;
}

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(messages, value);
}
