import { apiFirstRow } from '@phonefleet/sdk/ui/core';
import { Spin, Tooltip } from 'antd';
import { useCallback, useEffect, useState } from 'react';

export interface CaptchaImage {
  captchaId: string;
  image: string;
}

export interface CaptchaProps {
  /** Changing this number fetches a new code (codes are single use). */
  generation: number;
  title: string;
  onChange(captchaId: string): void;
}

/** The verification code image from `GET /api/captcha`; click to get a new one. */
export function Captcha({ generation, title, onChange }: CaptchaProps) {
  const [captcha, setCaptcha] = useState<CaptchaImage | null>(null);
  const [clicks, setClicks] = useState(0);

  const load = useCallback(() => {
    // A used code is never shown nor sent again: the old image goes while the new one loads.
    setCaptcha(null);
    onChange('');
    apiFirstRow<CaptchaImage>('GET', '/captcha', { silent: true })
      .then((next) => {
        setCaptcha(next);
        onChange(next.captchaId);
      })
      .catch(() => setCaptcha(null));
  }, [onChange]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation and clicks are the triggers
  useEffect(load, [generation, clicks]);

  return (
    <Tooltip title={title}>
      <button
        type="button"
        onClick={() => setClicks((n) => n + 1)}
        data-testid="captcha"
        style={{
          width: 120,
          height: 40,
          padding: 0,
          border: '1px solid #d9d9d9',
          borderRadius: 6,
          background: '#f5f7fa',
          cursor: 'pointer',
          flex: 'none',
        }}
      >
        {captcha ? (
          <img src={captcha.image} alt={title} width={118} height={38} style={{ display: 'block' }} />
        ) : (
          <Spin size="small" />
        )}
      </button>
    </Tooltip>
  );
}
