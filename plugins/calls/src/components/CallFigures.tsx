import type { CallSummary, CallFigures as Figures, WorstCallDevice, WorstCallSite } from '@phonefleet/sdk';
import {
  DonutChart,
  EMPTY_CELL,
  formatDateTime,
  StackedBarChart,
  useSession,
  useTexts,
} from '@phonefleet/sdk/ui';
import { Card, Col, Row, Spin, Statistic, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { QUALITIES } from '../quality.js';
import { callText } from '../texts.js';

const percent = (share: number) => `${Math.round(share * 100)}%`;
const withUnit = (value: number | null, unit: string) => (value === null ? EMPTY_CELL : `${value} ${unit}`);

function FigureCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card size="small" title={title} data-testid={testId} style={{ height: '100%' }}>
      {children}
    </Card>
  );
}

function Empty({ text }: { text: string }) {
  return <Typography.Text type="secondary">{text}</Typography.Text>;
}

/**
 * The summary's figures: totals and average figures, calls over time by quality, the quality
 * distribution, and the worst devices and sites by poor share with their counts.
 */
export function CallFigures({ summary, loading }: { summary: CallSummary | null; loading: boolean }) {
  const { zoneOffset, login } = useSession();
  const t = useTexts(callText);
  if (!summary) return <Spin style={{ display: 'block', margin: '24px auto' }} />;
  const series = QUALITIES.map((quality) => ({
    key: quality.key,
    label: t(quality.key),
    color: quality.color,
  }));
  // Hours show their time, days their date; the tooltip has both.
  const bars = summary.overTime.map((bucket) => {
    const shown = formatDateTime(bucket.time, zoneOffset);
    return {
      key: bucket.time,
      label: summary.bucket === 'hour' ? shown.slice(11) : shown.slice(5, 10),
      title: summary.bucket === 'hour' ? shown : shown.slice(0, 10),
      values: { good: bucket.good, fair: bucket.fair, poor: bucket.poor },
    };
  });
  const figure = (name: keyof Figures, unit: string) => ({
    value: withUnit(summary.averages[name], unit),
    maximum:
      summary.maxima[name] === null ? '' : t('maximum', { value: withUnit(summary.maxima[name], unit) }),
  });
  const cards = [
    { key: 'calls-total', title: t('totalCalls'), value: String(summary.total), maximum: '' },
    { key: 'average-delay', title: t('averageDelay'), ...figure('delayMs', 'ms') },
    { key: 'average-jitter', title: t('averageJitter'), ...figure('jitterMs', 'ms') },
    { key: 'average-loss', title: t('averageLoss'), ...figure('lossPercent', '%') },
  ];
  // Sites of two enterprises may share a name: a caller above enterprises sees whose each one is.
  const manyOrganisations = login.user.userType !== 'enterprise' && login.entered === null;
  const counted = <Row extends { total: number; poor: number; poorShare: number }>(): ColumnsType<Row> => [
    { key: 'total', title: t('calls'), dataIndex: 'total', align: 'right' },
    { key: 'poor', title: t('poor'), dataIndex: 'poor', align: 'right' },
    { key: 'poorShare', title: t('poorShare'), align: 'right', render: (_, row) => percent(row.poorShare) },
  ];
  const deviceColumns: ColumnsType<WorstCallDevice> = [
    {
      key: 'device',
      title: t('device'),
      render: (_, row) => (
        <span>
          {row.deviceName || row.macAddress}
          <br />
          <Typography.Text type="secondary">{row.macAddress}</Typography.Text>
        </span>
      ),
    },
    { key: 'siteName', title: t('site'), dataIndex: 'siteName' },
    ...counted<WorstCallDevice>(),
  ];
  const siteColumns: ColumnsType<WorstCallSite> = [
    {
      key: 'site',
      title: t('site'),
      render: (_, row) =>
        manyOrganisations ? (
          <span>
            {row.siteName}
            <br />
            <Typography.Text type="secondary">{row.orgName}</Typography.Text>
          </span>
        ) : (
          row.siteName
        ),
    },
    ...counted<WorstCallSite>(),
  ];
  return (
    <Spin spinning={loading}>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {cards.map((card) => (
          <Col key={card.key} xs={12} xl={6}>
            <Card size="small" data-testid={card.key}>
              <Statistic title={card.title} value={card.value} />
              <Typography.Text type="secondary">{card.maximum || '\u00a0'}</Typography.Text>
            </Card>
          </Col>
        ))}
        <Col xs={24} xl={16}>
          <FigureCard title={t('callsOverTime')} testId="calls-over-time">
            <StackedBarChart
              title={t('callsOverTime')}
              emptyText={t('noCalls')}
              series={series}
              bars={bars}
            />
          </FigureCard>
        </Col>
        <Col xs={24} xl={8}>
          <FigureCard title={t('qualityDistribution')} testId="call-quality">
            {summary.total === 0 ? (
              <Empty text={t('noCalls')} />
            ) : (
              <DonutChart
                title={t('qualityDistribution')}
                slices={series.map((s) => ({ ...s, value: summary.distribution[s.key] }))}
              />
            )}
          </FigureCard>
        </Col>
        <Col xs={24} xl={12}>
          <FigureCard title={t('worstDevices')} testId="worst-devices">
            <Table<WorstCallDevice>
              size="small"
              rowKey="deviceId"
              pagination={false}
              columns={deviceColumns}
              dataSource={summary.worstDevices}
              locale={{ emptyText: <Empty text={t('noPoorCalls')} /> }}
            />
          </FigureCard>
        </Col>
        <Col xs={24} xl={12}>
          <FigureCard title={t('worstSites')} testId="worst-sites">
            <Table<WorstCallSite>
              size="small"
              rowKey="siteId"
              pagination={false}
              columns={siteColumns}
              dataSource={summary.worstSites}
              locale={{ emptyText: <Empty text={t('noPoorCalls')} /> }}
            />
          </FigureCard>
        </Col>
      </Row>
    </Spin>
  );
}
