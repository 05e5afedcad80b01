import type { DiagnosticSessionRow } from '@phonefleet/sdk';
import { DIAGNOSTIC_CAPTURE_LIMIT_BYTES, formatBytes, useTexts } from '@phonefleet/sdk/ui';
import { Alert, Button, Progress, Space, Typography } from 'antd';
import { useState } from 'react';
import { downloadSession, screenshotUrl, stopSession } from '../api.js';
import { OutputView } from '../output/OutputView.js';
import { isDownloadable, isLive, isTextAction } from '../session-state.js';
import type { DiagnosticStream } from '../stream/use-diagnostic-stream.js';
import { ACTION_TEXT, diagnosticText } from '../texts.js';
import { SessionResult, StateTag } from './SessionResult.js';

/** Why a session ended otherwise than by itself, as a failure or as a note. */
function EndMessage({ session }: { session: DiagnosticSessionRow }) {
  if (!session.message) return null;
  const type = session.state === 'failed' ? 'error' : session.state === 'stopped' ? 'info' : 'warning';
  return <Alert type={type} showIcon message={session.message} data-testid="session-message" />;
}

/**
 * One session of an action as it runs and after: its state, what was asked, the bytes kept, why
 * it ended, Stop while it runs and Download once there is something; then what it produced (the
 * text output, a trace's progress to the limit, the screenshot, ping's and traceroute's result).
 */
export function SessionPanel({ stream }: { stream: DiagnosticStream & { session: DiagnosticSessionRow } }) {
  const t = useTexts(diagnosticText);
  const { session } = stream;
  const [stopping, setStopping] = useState(false);
  const live = isLive(session.state);

  const stop = async () => {
    setStopping(true);
    try {
      await stopSession(session.id);
    } catch {
      // shown by the api client
    } finally {
      setStopping(false);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid={`session-${session.id}`}>
      <Space wrap>
        <StateTag session={session} />
        {session.detail ? <Typography.Text type="secondary">{session.detail}</Typography.Text> : null}
        {session.bytes > 0 ? (
          <Typography.Text data-testid="session-bytes">
            {t('captured', { size: formatBytes(session.bytes) })}
          </Typography.Text>
        ) : null}
        {live ? (
          <Button danger loading={stopping} onClick={stop}>
            {t('stop')}
          </Button>
        ) : null}
        {isDownloadable(session) ? (
          <Button onClick={() => void downloadSession(session).catch(() => undefined)}>
            {t('download')}
          </Button>
        ) : null}
      </Space>
      {stream.error ? <Alert type="error" showIcon message={stream.error} data-testid="watch-error" /> : null}
      <EndMessage session={session} />
      {session.action === 'trace' && live ? (
        <Progress
          percent={Math.min(100, (session.bytes / DIAGNOSTIC_CAPTURE_LIMIT_BYTES) * 100)}
          showInfo={false}
          status="active"
        />
      ) : null}
      <SessionResult session={session} />
      {session.action === 'screenshot' && session.state === 'done' && session.bytes > 0 ? (
        <img
          src={screenshotUrl(session.id)}
          alt={t('screenshotAlt', { device: session.deviceName })}
          style={{ maxWidth: '100%', border: '1px solid #f0f0f0' }}
        />
      ) : null}
      {isTextAction(session.action) ? (
        <OutputView
          buffer={stream.output}
          revision={stream.revision}
          label={`${t('output')}: ${t(ACTION_TEXT[session.action])}`}
          testId={`output-${session.action}`}
        />
      ) : null}
    </Space>
  );
}
