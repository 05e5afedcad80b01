import { defineTexts, type TextKeyOf } from '@phonefleet/sdk/ui';

/** The API service area's own words; the common ones (Add, Cancel, Close ...) come from the UI kit. */
export const apiText = defineTexts({
  title: { en: 'API service', zh: 'API 服务' },
  intro: {
    en: 'API credentials let programs call the console API with the permissions of a role. Sign each request with HMAC-SHA256, or send the key as a bearer token over HTTPS (see docs/api-service.md).',
    zh: 'API 凭据允许程序以某个角色的权限调用控制台 API。请使用 HMAC-SHA256 对每个请求签名，或通过 HTTPS 以 Bearer 令牌发送密钥（见 docs/api-service.md）。',
  },
  name: { en: 'Name', zh: '名称' },
  apiId: { en: 'API ID', zh: 'API ID' },
  apiKey: { en: 'API key', zh: 'API 密钥' },
  role: { en: 'Role', zh: '角色' },
  status: { en: 'Status', zh: '状态' },
  active: { en: 'Active', zh: '有效' },
  expired: { en: 'Expired', zh: '已过期' },
  revoked: { en: 'Revoked', zh: '已吊销' },
  expires: { en: 'Expires', zh: '过期时间' },
  never: { en: 'Never', zh: '永不' },
  lastUsed: { en: 'Last used', zh: '最近使用' },
  createdBy: { en: 'Created by', zh: '创建人' },
  ratePerMinute: { en: 'Requests per minute', zh: '每分钟请求数' },
  expiresAfter: { en: 'Expires after', zh: '有效期' },
  days: { en: '{count} days', zh: '{count} 天' },
  createTitle: { en: 'Create API credential', zh: '创建 API 凭据' },
  create: { en: 'Create', zh: '创建' },
  keyOnce: {
    en: 'Copy the API key now: it is shown only this once and cannot be shown again.',
    zh: '请立即复制 API 密钥：它只显示这一次，之后无法再次查看。',
  },
  copy: { en: 'Copy', zh: '复制' },
  copied: { en: 'Copied', zh: '已复制' },
  rotate: { en: 'Rotate key', zh: '轮换密钥' },
  rotateContent: {
    en: 'Issue a new key for this API ID? The current key stops working at once.',
    zh: '为此 API ID 生成新密钥吗？当前密钥将立即失效。',
  },
  newKeyTitle: { en: 'New API key', zh: '新的 API 密钥' },
  revoke: { en: 'Revoke', zh: '吊销' },
  revokeContent: {
    en: 'Revoke {count} API credential(s)? Programs using them are refused from now on; this cannot be undone.',
    zh: '确定吊销 {count} 个 API 凭据吗？使用它们的程序将被拒绝，且无法撤销。',
  },
  revoked_done: { en: 'Revoked', zh: '已吊销' },
});

export type ApiTextKey = TextKeyOf<typeof apiText>;
