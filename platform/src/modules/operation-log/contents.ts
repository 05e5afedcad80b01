import type { RouteDefinition } from '../../http/route.js';
import { resourceCatalogue } from '../access/resource-catalogue.js';

/**
 * Which calls the operation log records, and the readable contents of a record (docs/operation-log.md
 * "What is recorded"). Decided per route at boot from the route table, never per request.
 */

/** Sign-in, sign-out and the others recorded whatever the route's last word says. */
export const SIGN_IN = '/user/login';
export const SIGN_OUT = '/user/logout';

/**
 * POST routes that only read (lists, exports, previews), by their last path segment. Everything
 * else that is not GET changes something (the spec's API puts searches and exports on POST).
 */
const READING_SEGMENT =
  /^(search\w*|query\w*|select\w*|list\w*|export\w*|details|summary|total|matchingIds|is[A-Z]\w*|all[A-Z]\w*|configToText|textToConfig|dynamicParameterJs|operationLog|results|taskHistory|groupDisplay|devices|sessions)$/;

/** A route's last path segment that is not a parameter (`/backup/recover/:id` → recover). */
function lastWord(path: string): string {
  return (
    path
      .split('/')
      .filter((segment) => !segment.startsWith(':'))
      .pop() ?? ''
  );
}

export function changesState(route: Pick<RouteDefinition, 'method' | 'path'>): boolean {
  return route.method !== 'get' && !READING_SEGMENT.test(lastWord(route.path));
}

interface Texts {
  en: string;
  zh: string;
}

/**
 * What a call does, by the words of its route's last segment (`addSiteTemplate` → add,
 * `deviceReboot` → reboot): the whole segment first, then its leading words, then any word.
 */
const VERBS: Record<string, Texts> = {
  add: { en: 'Add', zh: '添加' },
  save: { en: 'Save', zh: '保存' },
  update: { en: 'Edit', zh: '编辑' },
  edit: { en: 'Edit', zh: '编辑' },
  addOrEdit: { en: 'Add or edit', zh: '添加或编辑' },
  remove: { en: 'Delete', zh: '删除' },
  delete: { en: 'Delete', zh: '删除' },
  removeRead: { en: 'Delete read alarms', zh: '删除已读告警' },
  import: { en: 'Import', zh: '导入' },
  push: { en: 'Push', zh: '推送' },
  start: { en: 'Start', zh: '启动' },
  stop: { en: 'Stop', zh: '停止' },
  pause: { en: 'Pause', zh: '暂停' },
  cancel: { en: 'Cancel', zh: '取消' },
  runAgain: { en: 'Run again', zh: '重新执行' },
  execute: { en: 'Run', zh: '执行' },
  upload: { en: 'Upload', zh: '上传' },
  status: { en: 'Switch on or off', zh: '启用或停用' },
  forbid: { en: 'Freeze', zh: '冻结' },
  active: { en: 'Unfreeze', zh: '解冻' },
  freeze: { en: 'Freeze', zh: '冻结' },
  unfreeze: { en: 'Unfreeze', zh: '解冻' },
  read: { en: 'Mark read', zh: '标记已读' },
  readAll: { en: 'Mark all read', zh: '全部标记已读' },
  resolve: { en: 'Mark resolved', zh: '标记已解决' },
  ignore: { en: 'Ignore', zh: '忽略' },
  reboot: { en: 'Reboot', zh: '重启' },
  factoryReset: { en: 'Factory reset', zh: '恢复出厂设置' },
  upgrade: { en: 'Upgrade firmware', zh: '升级固件' },
  assign: { en: 'Assign', zh: '分配' },
  unassign: { en: 'Unassign', zh: '取消分配' },
  unbind: { en: 'Unbind', zh: '解绑' },
  enable: { en: 'Enable', zh: '启用' },
  disable: { en: 'Disable', zh: '禁用' },
  scan: { en: 'Scan', zh: '扫描' },
  clear: { en: 'Clear', zh: '清除' },
  recover: { en: 'Restore', zh: '恢复' },
  send: { en: 'Send', zh: '发送' },
  test: { en: 'Send a test email', zh: '发送测试邮件' },
  config: { en: 'Configure', zh: '配置' },
  credentials: { en: 'Set credentials', zh: '设置凭据' },
  deviceCredentials: { en: 'Set device credentials', zh: '设置设备凭据' },
  newVersionNotify: { en: 'Subscribe to new versions', zh: '订阅新版本通知' },
  retention: { en: 'Set retention', zh: '设置保留期限' },
  rotate: { en: 'Rotate key', zh: '轮换密钥' },
  revoke: { en: 'Revoke', zh: '吊销' },
};

/** The verb of a route's last segment, or undefined when none of its words is known. */
function verbOf(segment: string): Texts | undefined {
  if (VERBS[segment]) return VERBS[segment];
  const words = segment.split(/(?=[A-Z])/).map((word) => word.charAt(0).toLowerCase() + word.slice(1));
  for (let count = words.length - 1; count > 0; count -= 1) {
    const leading = words
      .slice(0, count)
      .map((word, index) => (index ? word.charAt(0).toUpperCase() + word.slice(1) : word));
    const verb = VERBS[leading.join('')];
    if (verb) return verb;
  }
  for (const word of words) if (VERBS[word]) return VERBS[word];
  return undefined;
}

/** Texts of routes that belong to no resource (signed-in or public calls). */
const OWN_TITLES: Record<string, Texts> = {
  [SIGN_IN]: { en: 'Sign in', zh: '登录' },
  [SIGN_OUT]: { en: 'Sign out', zh: '退出登录' },
  '/enterTheEnterprise': { en: 'Enter enterprise', zh: '进入企业' },
  '/user/forgetPassword': { en: 'Forgot password', zh: '忘记密码' },
  '/user/resetPassword': { en: 'Reset password', zh: '重置密码' },
  '/user/updatePassword': { en: 'Modify password', zh: '修改密码' },
  '/user/updateEmail': { en: 'Modify email', zh: '修改邮箱' },
  '/user/validateEmailTime': { en: 'Confirm new email', zh: '确认新邮箱' },
  '/common/setHttpCA': { en: 'HTTP/HTTPS setting', zh: 'HTTP/HTTPS 设置' },
};

export const FAILED_SIGN_IN: Texts = { en: 'Sign-in failed', zh: '登录失败' };

const resourceNames = new Map(resourceCatalogue.map((resource) => [resource.power, resource]));

/** The record's title for a route: its resource and what the call did, or its own title. */
export function routeTitle(route: Pick<RouteDefinition, 'path' | 'summary' | 'access'>): Texts {
  const own = OWN_TITLES[route.path];
  if (own) return own;
  const verb = verbOf(lastWord(route.path));
  const resource = typeof route.access === 'object' ? resourceNames.get(route.access.power) : undefined;
  if (!resource) return { en: verb?.en ?? route.summary, zh: verb?.zh ?? route.summary };
  return {
    en: `${resource.rsName}: ${verb?.en ?? route.summary}`,
    zh: `${resource.rsNameCn}：${verb?.zh ?? route.summary}`,
  };
}

/** Field names that may hold a secret: never written to the log, whatever their value. */
const SECRET_NAME = /pass|pwd|secret|token|key|credential|verify|captcha|hash|cert|private|otp|signature/i;
const FIELDS_MAX = 6;
const TEXT_MAX = 64;
const ITEMS_MAX = 5;

function shown(value: unknown): string | undefined {
  if (typeof value === 'string') {
    const text = value.trim();
    if (!text) return undefined;
    return text.length > TEXT_MAX ? `${text.slice(0, TEXT_MAX)}…` : text;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item !== 'object')) {
    const items = value.slice(0, ITEMS_MAX).map((item) => shown(item) ?? '');
    return `[${items.join(', ')}${value.length > ITEMS_MAX ? `, … ${value.length}` : ''}]`;
  }
  return undefined;
}

/**
 * The call's key fields as `name=value` pairs: the top-level plain values of its path parameters,
 * query and body (ids, names, MACs, states), shortened; nested objects (parameter trees) and any
 * field whose name suggests a secret are left out.
 */
export function keyFields(...sources: unknown[]): string {
  const pairs: string[] = [];
  for (const source of sources) {
    if (!source || typeof source !== 'object' || Array.isArray(source)) continue;
    for (const [name, value] of Object.entries(source)) {
      if (pairs.length === FIELDS_MAX) return pairs.join(', ');
      if (SECRET_NAME.test(name)) continue;
      const text = shown(value);
      if (text !== undefined) pairs.push(`${name}=${text}`);
    }
  }
  return pairs.join(', ');
}
