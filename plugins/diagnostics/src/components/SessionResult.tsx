import type { DiagnosticSessionRow, PingResult, TracerouteResult } from '@phonefleet/sdk';
import { EMPTY_CELL, useTexts } from '@phonefleet/sdk/ui';
import { Table, Tag, Typography } from 'antd';
import { STATE_COLOR } from '../session-state.js';
import { diagnosticText, STATE_TEXT } from '../texts.js';

export function StateTag({ session }: { session: Pick<DiagnosticSessionRow, 'state'> }) {
  const t = useTexts(diagnosticText);
  return (
    <Tag color={STATE_COLOR[session.state]} data-state={session.state}>
      {t(STATE_TEXT[session.state])}
    </Tag>
  );
}

const isPing = (result: PingResult | TracerouteResult): result is PingResult => 'transmitted' in result;
const shown = (value: number | null | undefined) => (value === null || value === undefined ? '*' : value);

/** Ping's outcome: sent, received and loss, then the round trips when some came back. */
function PingSummary({ result }: { result: PingResult }) {
  const t = useTexts(diagnosticText);
  const { minMs, avgMs, maxMs } = result;
  return (
    <div data-testid="ping-summary">
      <Typography.Text strong>
        {t('pingSummary', { sent: result.transmitted, received: result.received, loss: result.lossPercent })}
      </Typography.Text>
      {avgMs === undefined ? null : (
        <Typography.Text style={{ marginLeft: 12 }}>
          {t('roundTrip', { min: shown(minMs), avg: avgMs, max: shown(maxMs) })}
        </Typography.Text>
      )}
    </div>
  );
}

/** Traceroute's hops once it ended: who answered each and how fast ('*': no answer). */
function TracerouteHops({ result }: { result: TracerouteResult }) {
  const t = useTexts(diagnosticText);
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="hop"
      dataSource={result.hops}
      columns={[
        { key: 'hop', title: t('hop'), dataIndex: 'hop', width: 64 },
        {
          key: 'address',
          title: t('address'),
          dataIndex: 'address',
          render: (address: string | null) => address ?? '*',
        },
        {
          key: 'times',
          title: t('times'),
          dataIndex: 'timesMs',
          render: (times: (number | null)[]) => (times.length ? times.map(shown).join('  ') : EMPTY_CELL),
        },
      ]}
    />
  );
}

/** The parsed result of a ping or traceroute session, once the server has it. */
export function SessionResult({ session }: { session: DiagnosticSessionRow }) {
  const { result } = session;
  if (!result) return null;
  if (isPing(result)) return <PingSummary result={result} />;
  return (
    <div data-testid="traceroute-hops">
      <TracerouteHops result={result} />
    </div>
  );
}
