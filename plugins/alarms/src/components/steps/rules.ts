import type { MessageKey } from '@phonefleet/sdk';
import { translate, useLanguage } from '@phonefleet/sdk/ui';
import type { Rule } from 'antd/es/form';

/**
 * A step's own check in the server's words (spec §5 via the sdk's messages), so Next refuses with
 * exactly what `addOrEdit` would answer.
 */
export function useStrategyRules() {
  const language = useLanguage();
  const message = (key: MessageKey) => translate(key, language);
  // `type: 'array'` makes `required` refuse an empty list.
  const someOf = (key: MessageKey): Rule[] => [{ type: 'array', required: true, message: message(key) }];
  return {
    name: [{ required: true, whitespace: true, message: message('strategyNameRequired') }] as Rule[],
    mode: [{ required: true, message: message('strategyModeRequired') }] as Rule[],
    receivers: someOf('strategyReceiversRequired'),
    content: someOf('strategyContentRequired'),
    devices: someOf('strategyDevicesRequired'),
  };
}
