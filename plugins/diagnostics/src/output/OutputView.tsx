import { useTexts } from '@phonefleet/sdk/ui';
import { Button, Typography } from 'antd';
import { type CSSProperties, useLayoutEffect, useRef, useState } from 'react';
import { diagnosticText } from '../texts.js';
import type { OutputBuffer } from './output-buffer.js';

/** Every row is this tall, so the rows in view follow from the scroll position alone. */
export const ROW_HEIGHT = 18;
/** Rows rendered above and below those in view, so a fast scroll does not show blanks. */
const OVERSCAN = 10;

const TERMINAL: CSSProperties = {
  overflow: 'auto',
  background: '#141414',
  color: '#d9d9d9',
  fontFamily: 'SFMono-Regular, Consolas, "Liberation Mono", Menlo, monospace',
  fontSize: 12,
  lineHeight: `${ROW_HEIGHT}px`,
  borderRadius: 6,
};

export interface OutputViewProps {
  buffer: OutputBuffer;
  /** Changes whenever the buffer did (the buffer itself is mutable). */
  revision: number;
  /** What the output is, for assistive technology ("Output of Capture log"). */
  label: string;
  height?: number;
  testId?: string;
}

/**
 * A session's text output as a terminal: monospace on a dark background, only the rows in view
 * (and a few around them) in the page, whatever the number of lines. It follows the tail while
 * scrolled to the bottom and stays where the user scrolled up to, also while old lines are dropped.
 */
export function OutputView({ buffer, revision, label, height = 360, testId }: OutputViewProps) {
  const t = useTexts(diagnosticText);
  const box = useRef<HTMLDivElement>(null);
  const [following, setFollowing] = useState(true);
  const [scrollTop, setScrollTop] = useState(0);
  const droppedBefore = useRef(buffer.dropped);

  const count = buffer.length;
  const total = count * ROW_HEIGHT;
  const bottom = Math.max(0, total - height);
  const top = following ? bottom : Math.min(scrollTop, bottom);
  const firstRow = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
  const lastRow = Math.min(count, Math.ceil((top + height) / ROW_HEIGHT) + OVERSCAN);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for every new revision of the output.
  useLayoutEffect(() => {
    const element = box.current;
    const dropped = buffer.dropped - droppedBefore.current;
    droppedBefore.current = buffer.dropped;
    if (!element) return;
    if (following) {
      // The real bottom in a browser (a horizontal scroll bar takes some of the height).
      element.scrollTop = Math.max(bottom, element.scrollHeight);
    } else if (dropped > 0) {
      // The lines in view moved up by as many rows as were dropped: keep showing the same ones.
      element.scrollTop = Math.max(0, element.scrollTop - dropped * ROW_HEIGHT);
      setScrollTop(element.scrollTop);
    }
  }, [revision, following, bottom]);

  const onScroll = () => {
    const element = box.current;
    if (!element) return;
    const viewHeight = Math.min(element.clientHeight || height, height);
    setFollowing(element.scrollTop + viewHeight >= total - ROW_HEIGHT);
    setScrollTop(element.scrollTop);
  };

  const rows = [];
  for (let index = firstRow; index < lastRow; index++) {
    const line = buffer.line(index);
    rows.push(
      <div
        key={line.number}
        data-line={line.number}
        data-note={line.note || undefined}
        style={{
          position: 'absolute',
          top: index * ROW_HEIGHT,
          left: 0,
          height: ROW_HEIGHT,
          padding: '0 8px',
          whiteSpace: 'pre',
          ...(line.note ? { color: '#faad14', fontStyle: 'italic' } : {}),
        }}
      >
        {line.text.endsWith('\r') ? line.text.slice(0, -1) : line.text}
      </div>,
    );
  }

  return (
    <div data-testid={testId}>
      {buffer.dropped > 0 ? (
        <Typography.Text type="secondary" data-testid={testId && `${testId}-dropped`}>
          {t('dropped', { count: buffer.dropped.toLocaleString('en-US') })}
        </Typography.Text>
      ) : null}
      <div
        ref={box}
        role="log"
        aria-live="off"
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users scroll the output.
        tabIndex={0}
        onScroll={onScroll}
        style={{ ...TERMINAL, height }}
      >
        {count === 0 ? (
          <div style={{ padding: '0 8px', opacity: 0.6 }}>{t('waitingOutput')}</div>
        ) : (
          <div style={{ position: 'relative', height: total, minWidth: '100%' }}>{rows}</div>
        )}
      </div>
      {following ? null : (
        <Button size="small" style={{ marginTop: 4 }} onClick={() => setFollowing(true)}>
          {t('followOutput')}
        </Button>
      )}
    </div>
  );
}
