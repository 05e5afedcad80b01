import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useConsole } from '../app/console-context.js';

export function NotFoundPage() {
  const { t } = useConsole();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('notFoundTitle')}
      subTitle={t('notFound')}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('backHome')}
        </Button>
      }
    />
  );
}
