import { Checkbox, Input, InputNumber, Pagination, Select, Switch, Tabs, Tooltip, Transfer } from 'antd';
import { useEffect, useState } from 'react';

/**
 * antd registers a component's styles the first time one renders, which makes the first phone-key
 * page or first pushed select noticeably slow. Once the editor is interactive, this renders one of
 * each, hidden, in idle time, then removes them (the styles stay registered).
 */
export function Warmup() {
  const [phase, setPhase] = useState<'wait' | 'render' | 'done'>('wait');
  useEffect(() => {
    if (phase === 'wait') {
      const idle = (
        globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }
      ).requestIdleCallback;
      if (idle) {
        idle(() => setPhase('render'), { timeout: 2000 });
      } else {
        const timer = setTimeout(() => setPhase('render'), 300);
        return () => clearTimeout(timer);
      }
    } else if (phase === 'render') {
      setPhase('done');
    }
    return undefined;
  }, [phase]);
  if (phase !== 'render') return null;
  return (
    <div
      aria-hidden
      style={{ position: 'absolute', width: 0, height: 0, overflow: 'hidden', visibility: 'hidden' }}
    >
      <Pagination size="small" current={1} pageSize={20} total={40} showSizeChanger={false} />
      <Tabs size="small" items={[{ key: '1', label: '1' }]} />
      <Select value="1" options={[{ value: '1', label: '1' }]} />
      <Input value="" readOnly />
      <Input.Password value="" readOnly />
      <InputNumber<string> stringMode value="1" />
      <Switch checked={false} />
      <Checkbox.Group value={[]} options={[{ value: '1', label: '1' }]} />
      <Transfer dataSource={[]} targetKeys={[]} />
      <Tooltip title="" open={false}>
        <span />
      </Tooltip>
    </div>
  );
}
