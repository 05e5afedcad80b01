import type { Language } from '@phonefleet/sdk';

/** What a single-use account link is for, and how long it lasts (docs/organisation.md). */
export const LINK_MINUTES = { reset: 30, activate: 72 * 60, email: 24 * 60 } as const;
export type LinkPurpose = keyof typeof LINK_MINUTES;

/** The page a link opens: the public /modifyPassword and /modifyEmail screens (spec §2). */
export function linkPath(purpose: LinkPurpose, token: string): string {
  if (purpose === 'email') return `/modifyEmail?token=${token}`;
  return `/modifyPassword?token=${token}${purpose === 'activate' ? '&activate=1' : ''}`;
}

const hours = (minutes: number) => Math.round(minutes / 60);

/** The email carrying a link, in the language of the request that caused it. */
export function linkMail(purpose: LinkPurpose, link: string, language: Language, userName: string) {
  const minutes = LINK_MINUTES[purpose];
  const zh = language === 'zh-CN';
  switch (purpose) {
    case 'reset':
      return zh
        ? {
            subject: 'PhoneFleet 密码重置',
            body: `请打开以下链接设置新密码（${minutes} 分钟内有效，仅可使用一次）：\n\n${link}\n\n如果不是您本人的操作，请忽略本邮件，您的密码不会改变。`,
          }
        : {
            subject: 'Reset your PhoneFleet password',
            body: `Open this link to choose a new password (valid for ${minutes} minutes, once):\n\n${link}\n\nIf you did not ask for this, ignore this email: your password stays as it is.`,
          };
    case 'activate':
      return zh
        ? {
            subject: '激活您的 PhoneFleet 账号',
            body: `已为您创建 PhoneFleet 账号 ${userName}。请打开以下链接设置密码并激活账号（${hours(minutes)} 小时内有效，仅可使用一次）：\n\n${link}`,
          }
        : {
            subject: 'Activate your PhoneFleet account',
            body: `A PhoneFleet account ${userName} has been created for you. Open this link to choose its password and activate it (valid for ${hours(minutes)} hours, once):\n\n${link}`,
          };
    case 'email':
      return zh
        ? {
            subject: '确认您的新邮箱地址',
            body: `请打开以下链接，将 PhoneFleet 账号 ${userName} 的邮箱改为本地址（${hours(minutes)} 小时内有效，仅可使用一次）：\n\n${link}\n\n如果不是您本人的操作，请忽略本邮件。`,
          }
        : {
            subject: 'Confirm your new email address',
            body: `Open this link to make this the email address of the PhoneFleet account ${userName} (valid for ${hours(minutes)} hours, once):\n\n${link}\n\nIf you did not ask for this, ignore this email.`,
          };
  }
}
