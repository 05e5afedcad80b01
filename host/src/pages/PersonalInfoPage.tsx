import { EMPTY_CELL } from '@phonefleet/sdk/ui/core';
import { Card, Descriptions } from 'antd';
import { useConsole } from '../app/console-context.js';

/** `/personnalInfo` (spec spelling): the signed-in user's basic information. */
export function PersonalInfoPage() {
  const { t, login, timeZone } = useConsole();
  if (!login) return null;
  const { user } = login;
  return (
    <Card title={t('personalInfo')} variant="borderless" data-testid="personal-info">
      <Descriptions column={1} bordered size="middle" title={t('basicInfo')}>
        <Descriptions.Item label={t('userName')}>{user.userName}</Descriptions.Item>
        <Descriptions.Item label={t('email')}>{user.email || EMPTY_CELL}</Descriptions.Item>
        <Descriptions.Item label={t('role')}>
          {user.role === 'admin' ? t('admin') : user.role}
        </Descriptions.Item>
        <Descriptions.Item label={t('userType')}>{t(user.userType)}</Descriptions.Item>
        <Descriptions.Item label={t('organizationType')}>{t(user.enterpriseType)}</Descriptions.Item>
        <Descriptions.Item label={t('timeZone')}>
          {timeZone ? `GMT${timeZone.offset}` : (user.timezone ?? user.zoneOffset ?? EMPTY_CELL)}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
