import { browserOffset } from '@phonefleet/sdk/ui/core';
import { theme } from 'antd';
import type { CSSProperties } from 'react';
import { useConsole } from '../app/console-context.js';

export const TIME_ZONE_WIDTH = 300;

/**
 * What the shell shows where a small antd select loads after the first paint (the site filter, the
 * time zone): a disabled-looking box of the control's size, so nothing moves when the control
 * replaces it.
 */
export function ControlPlaceholder({
  width,
  text,
  testId,
}: {
  width: CSSProperties['width'];
  text?: string;
  testId: string;
}) {
  const { token } = theme.useToken();
  return (
    <span
      data-testid={testId}
      aria-hidden
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        boxSizing: 'border-box',
        width,
        height: token.controlHeightSM,
        padding: `0 ${token.paddingXS - token.lineWidth}px`,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorder}`,
        borderRadius: token.borderRadiusSM,
        background: token.colorBgContainerDisabled,
        color: token.colorTextPlaceholder,
        fontSize: token.fontSize,
        overflow: 'hidden',
        whiteSpace: 'nowrap',
      }}
    >
      {text}
    </span>
  );
}

/** The time zone select's place, with its placeholder text (the user's or the browser's offset). */
export function TimeZonePlaceholder() {
  const { login } = useConsole();
  const offset = login?.user.zoneOffset ?? browserOffset();
  return <ControlPlaceholder width={TIME_ZONE_WIDTH} text={`GMT${offset}`} testId="time-zone-placeholder" />;
}

/** The sidebar site filter's place (its width is the sidebar's). */
export function SiteFilterPlaceholder({ text }: { text: string }) {
  return <ControlPlaceholder width="100%" text={text} testId="site-filter-placeholder" />;
}
