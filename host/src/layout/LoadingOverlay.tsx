import { onLoadingChange } from '@phonefleet/sdk/ui/core';
import { Spin } from 'antd';
import { useEffect, useState } from 'react';

/** Calls that end sooner show nothing: no flash on every quick request. */
const SHOW_AFTER_MS = 300;

/**
 * The loading overlay (spec §4): over the content while API calls run, except calls flagged
 * `loading: false` (polls, the site filter, the time zones). It shows and does not block: a click
 * or keystroke during a slow list is not lost (docs/ARCHITECTURE.md "Browser side").
 */
export function LoadingOverlay() {
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState(false);
  useEffect(() => onLoadingChange(setBusy), []);
  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  if (!shown) return null;
  return (
    <div
      data-testid="loading-overlay"
      aria-busy="true"
      style={{
        position: 'absolute',
        inset: 0,
        zIndex: 10,
        pointerEvents: 'none',
        background: 'rgba(255, 255, 255, 0.45)',
        display: 'flex',
        justifyContent: 'center',
        paddingTop: 120,
      }}
    >
      <Spin size="large" />
    </div>
  );
}
