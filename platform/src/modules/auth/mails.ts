import type { Language } from '@phonefleet/sdk';

/** The password reset message (spec §2 login: "forgot password (reset link by email)"). */
export function resetPasswordMail(link: string, minutes: number, language: Language) {
  if (language === 'zh-CN') {
    return {
      subject: 'PhoneFleet 密码重置',
      body: `请打开以下链接设置新密码（${minutes} 分钟内有效，仅可使用一次）：\n\n${link}\n\n如果不是您本人的操作，请忽略本邮件，您的密码不会改变。`,
    };
  }
  return {
    subject: 'Reset your PhoneFleet password',
    body: `Open this link to choose a new password (valid for ${minutes} minutes, once):\n\n${link}\n\nIf you did not ask for this, ignore this email: your password stays as it is.`,
  };
}
