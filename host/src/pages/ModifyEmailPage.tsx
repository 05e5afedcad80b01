import { apiRequest, isApiError } from '@phonefleet/sdk/ui/core';
import { Button, Card, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useConsole } from '../app/console-context.js';

/** Spec §8: 'Email address modified successfully!', then back to the login page after a countdown. */
const COUNTDOWN_SECONDS = 5;

type Outcome = { state: 'checking' } | { state: 'done' } | { state: 'refused'; reason: string };

/**
 * Public page opened from the email-change link: `/modifyEmail?token=...`. Confirms the new address
 * once (`POST /user/validateEmailTime`; the link is single use), then counts down to /login.
 */
export function ModifyEmailPage() {
  const { t } = useConsole();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(() =>
    token ? { state: 'checking' } : { state: 'refused', reason: t('invalidLink') },
  );
  const [seconds, setSeconds] = useState(COUNTDOWN_SECONDS);
  // The link is single use: one call even when effects run twice (development StrictMode).
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    apiRequest('POST', '/user/validateEmailTime', { body: { token }, silent: true })
      .then(() => setOutcome({ state: 'done' }))
      .catch((error: unknown) =>
        setOutcome({ state: 'refused', reason: isApiError(error) ? error.message : String(error) }),
      );
  }, [token]);

  useEffect(() => {
    if (outcome.state !== 'done') return;
    if (seconds <= 0) {
      navigate('/login', { replace: true });
      return;
    }
    const timer = setTimeout(() => setSeconds((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [outcome.state, seconds, navigate]);

  const back = (
    <Button type="primary" onClick={() => navigate('/login', { replace: true })} data-testid="back-to-login">
      {t('backToLogin')}
    </Button>
  );
  return (
    <div
      style={{
        minHeight: '100%',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 24,
      }}
    >
      <Card style={{ width: 480 }} data-testid="modify-email">
        {outcome.state === 'checking' ? (
          <Result icon={<Spin size="large" />} title={t('confirmingEmail')} />
        ) : outcome.state === 'done' ? (
          <Result
            status="success"
            title={t('emailModified')}
            subTitle={<span data-testid="countdown">{t('returningToLogin', { seconds })}</span>}
            extra={back}
          />
        ) : (
          <Result status="warning" title={t('emailNotModified')} subTitle={outcome.reason} extra={back} />
        )}
      </Card>
    </div>
  );
}
