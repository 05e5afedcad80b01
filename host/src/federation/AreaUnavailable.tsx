import { Button, Result } from 'antd';
import { useConsole } from '../app/console-context.js';

export interface AreaUnavailableProps {
  pluginId: string;
  onRetry(): void;
}

/** The fallback of a plugin that failed to load or crashed while rendering. */
export function AreaUnavailable({ pluginId, onRetry }: AreaUnavailableProps) {
  const { t } = useConsole();
  return (
    <div data-testid="area-unavailable" data-plugin={pluginId}>
      <Result
        status="warning"
        title={t('areaUnavailable')}
        subTitle={t('areaUnavailableHint')}
        extra={
          <Button type="primary" onClick={onRetry}>
            {t('retry')}
          </Button>
        }
      />
    </div>
  );
}
