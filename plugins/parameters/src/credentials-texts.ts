import { defineTexts } from '@phonefleet/sdk/ui';

/** The words of the global configuration's Phone credentials tab. */
export const credentialText = defineTexts({
  tabParameters: { en: 'Parameters', zh: '参数' },
  tabCredentials: { en: 'Phone credentials', zh: '话机凭据' },
  orgTitle: { en: 'Credentials of this organization’s phones', zh: '本组织话机的凭据' },
  orgIntro: {
    en: 'Phones authenticate with these (HTTP digest) when they fetch their configuration and report events. The stored password is never shown: enter it again to save.',
    zh: '话机获取配置和上报事件时使用这些凭据（HTTP 摘要认证）。已保存的密码不会显示：保存时请重新输入。',
  },
  username: { en: 'User name', zh: '用户名' },
  usernameRule: {
    en: '3 to 64 letters, digits, dots, dashes or underscores',
    zh: '3 到 64 个字母、数字、点、短横线或下划线',
  },
  password: { en: 'Password', zh: '密码' },
  passwordHint: {
    en: '8 to 20 characters with three of: capitals, small letters, digits, symbols',
    zh: '8 到 20 个字符，包含大写字母、小写字母、数字、符号中的三种',
  },
  passwordStored: { en: 'Stored password', zh: '已存密码' },
  passwordSet: { en: 'set', zh: '已设置' },
  passwordNotSet: { en: 'not set', zh: '未设置' },
  allowList: { en: 'Allowed addresses (CIDR)', zh: '允许的地址（CIDR）' },
  allowListHint: {
    en: 'Phones may connect only from these networks, e.g. 10.1.0.0/16; empty allows any address',
    zh: '话机只能从这些网络连接，例如 10.1.0.0/16；为空则允许任何地址',
  },
  allowListInvalid: { en: 'Not a network in CIDR form: {value}', zh: '不是 CIDR 形式的网络：{value}' },
  giveTitle: { en: 'Give phones', zh: '提供给话机' },
  provisioningUrl: { en: 'Provisioning URL (DHCP option 66)', zh: '配置服务器地址（DHCP 选项 66）' },
  eventsUrl: { en: 'Action URL base (events)', zh: '事件上报地址' },
  deviceTitle: { en: 'Password of one device', zh: '单台设备的密码' },
  deviceIntro: {
    en: 'A device with a password of its own authenticates with its MAC as the user name.',
    zh: '有独立密码的设备以其 MAC 地址作为用户名进行认证。',
  },
  device: { en: 'Device', zh: '设备' },
  devicePlaceholder: { en: 'Search by MAC or name', zh: '按 MAC 或名称搜索' },
  deviceUsername: { en: 'User name (MAC)', zh: '用户名（MAC）' },
  loadFailed: { en: 'The phone credentials could not be loaded', zh: '话机凭据加载失败' },
});
