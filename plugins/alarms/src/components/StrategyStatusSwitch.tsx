import { Switch } from 'antd';
import { useState } from 'react';
import { setStrategyStatus } from '../api.js';

export interface StrategyStatusSwitchProps {
  id: number;
  /** As stored (0 off, 1 on); render with a key of id and status so a reload resets the switch. */
  status: number;
  /** The session holds `edit` of alarmStrategy; otherwise the switch only shows the status. */
  editable: boolean;
  /** After the server took the change (the page's notice). */
  onChanged(status: number): void;
}

/**
 * A strategy's on/off in its row: one `POST /alarm-strategy/status` per flip; the switch moves
 * once the server took it and stays put after a refusal (which the api client shows).
 */
export function StrategyStatusSwitch({ id, status, editable, onChanged }: StrategyStatusSwitchProps) {
  const [current, setCurrent] = useState(status);
  const [saving, setSaving] = useState(false);
  const flip = (on: boolean) => {
    const next = on ? 1 : 0;
    setSaving(true);
    setStrategyStatus(id, next)
      .then(() => {
        setCurrent(next);
        onChanged(next);
      })
      .catch(() => undefined)
      .finally(() => setSaving(false));
  };
  return (
    <Switch
      size="small"
      checked={current === 1}
      loading={saving}
      disabled={!editable}
      onChange={flip}
      data-testid={`strategy-status-${id}`}
    />
  );
}
