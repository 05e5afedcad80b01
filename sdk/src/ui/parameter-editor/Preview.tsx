import { Tooltip } from 'antd';
import { memo, useEffect, useRef, useState } from 'react';

const previewStyle = {
  boxSizing: 'border-box',
  height: 32,
  padding: '4px 11px',
  fontSize: 14,
  lineHeight: '22px',
  color: 'rgba(0, 0, 0, 0.25)',
  background: 'rgba(0, 0, 0, 0.04)',
  border: '1px solid #d9d9d9',
  borderRadius: 6,
  cursor: 'not-allowed',
  font: 'inherit',
  textOverflow: 'ellipsis',
} as const;

/**
 * A disabled field drawn with a native input: what a row shows while its push flag is off. Most
 * rows of a section are not pushed, and a native input costs a fraction of an antd Select or Input
 * to mount, which keeps tab and page switches fast on large trees (H2: 20 accounts, 238 keys).
 */
export const Preview = memo(function Preview({
  value,
  width,
  label,
  testId,
}: {
  value: string;
  width: number | string;
  label: string;
  testId?: string;
}) {
  return (
    <input
      disabled
      readOnly
      value={value}
      aria-label={label}
      data-testid={testId}
      className="pf-param-preview"
      style={{ ...previewStyle, width }}
    />
  );
});

/**
 * A label with its tooltip. The antd Tooltip is mounted on the first hover (then opened),
 * not with every row: a section has up to a hundred of them.
 */
export const HintLabel = memo(function HintLabel({ text, hint }: { text: string; hint: string }) {
  const [armed, setArmed] = useState(false);
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (armed || !element) return;
    const arm = () => setArmed(true);
    element.addEventListener('mouseenter', arm);
    return () => element.removeEventListener('mouseenter', arm);
  }, [armed]);
  const style = { borderBottom: '1px dotted #bfbfbf', cursor: 'help' } as const;
  const label = (
    <span ref={ref} style={style}>
      {text}
    </span>
  );
  if (!armed) return label;
  return (
    <Tooltip title={hint} placement="topLeft" defaultOpen>
      {label}
    </Tooltip>
  );
});

/** The push flag: a native checkbox in the theme colour (an antd Checkbox per row costs ten times more to mount). */
export const PushBox = memo(function PushBox({
  checked,
  label,
  testId,
  disabled = false,
  onChange,
}: {
  checked: boolean;
  label: string;
  testId: string;
  disabled?: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <input
      type="checkbox"
      className="pf-push"
      checked={checked}
      disabled={disabled}
      aria-label={label}
      data-testid={testId}
      onChange={(event) => onChange(event.target.checked)}
      style={{ width: 16, height: 16, margin: 0, accentColor: '#1677ff', cursor: 'pointer' }}
    />
  );
});

/** A disabled switch drawn with two spans (the antd Switch is mounted once the row is pushed). */
export const SwitchPreview = memo(function SwitchPreview({ on, label }: { on: boolean; label: string }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      disabled
      aria-label={label}
      style={{
        border: 0,
        padding: 0,
        display: 'inline-block',
        position: 'relative',
        verticalAlign: 'middle',
        width: 44,
        height: 22,
        borderRadius: 100,
        background: on ? '#1677ff' : 'rgba(0, 0, 0, 0.25)',
        opacity: 0.65,
        cursor: 'not-allowed',
      }}
    >
      <span
        style={{
          position: 'absolute',
          top: 2,
          left: on ? 24 : 2,
          width: 18,
          height: 18,
          borderRadius: '50%',
          background: '#fff',
          boxShadow: '0 2px 4px 0 rgba(0, 35, 11, 0.2)',
        }}
      />
    </button>
  );
});
