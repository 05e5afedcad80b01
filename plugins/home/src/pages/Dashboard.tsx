import type { HomeTotals } from '@phonefleet/sdk';
import {
  BarList,
  DonutChart,
  LiveEventName,
  useLiveEvent,
  useOptionalSession,
  useTexts,
} from '@phonefleet/sdk/ui/core';
import { Button, Col, Row, Space, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { EMPTY_TOTALS, fetchHomeTotals } from '../api.js';
import { ChartCard } from '../components/ChartCard.js';
import { EmptyFigure } from '../components/EmptyFigure.js';
import { StatCard } from '../components/StatCard.js';
import { homeText } from '../texts.js';

const COLORS = {
  blue: '#1677ff',
  green: '#52c41a',
  grey: '#8c8c8c',
  red: '#ff4d4f',
  orange: '#faad14',
  purple: '#722ed1',
  cyan: '#13c2c2',
};

/** Live events arriving together (devices and calls of one batch) ask for the figures once. */
export const LIVE_REFRESH_MS = 500;

/**
 * The home dashboard (spec §2): figures for the caller's organization, each defined in docs/home.md;
 * an empty figure says why it is empty.
 */
export function Dashboard() {
  const t = useTexts(homeText);
  // The unknown devices' list is in the device area: a link only for those who may open it.
  const seesDevices = useOptionalSession()?.login.resources.some((r) => r.power === 'deviceManagement');
  const [totals, setTotals] = useState<HomeTotals>(EMPTY_TOTALS);
  const [loading, setLoading] = useState(true);

  const load = useCallback(() => {
    setLoading(true);
    fetchHomeTotals()
      .then(setTotals)
      .catch(() => undefined) // the api client has shown the message; keep the last figures
      .finally(() => setLoading(false));
  }, []);

  useEffect(load, [load]);

  // The figures follow the fleet (docs/live.md): quietly, without the loading state.
  const refreshing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refreshSoon = useCallback(() => {
    refreshing.current ??= setTimeout(() => {
      refreshing.current = undefined;
      fetchHomeTotals({ silent: true })
        .then(setTotals)
        .catch(() => undefined);
    }, LIVE_REFRESH_MS);
  }, []);
  useEffect(() => () => clearTimeout(refreshing.current), []);
  useLiveEvent(LiveEventName.devices, refreshSoon);
  useLiveEvent(LiveEventName.calls, refreshSoon);

  const { deviceStatus, sipAccounts, callQuality } = totals;
  const accountTotal = sipAccounts.unassigned + sipAccounts.registered + sipAccounts.unregistered;
  const callTotal = callQuality.good + callQuality.fair + callQuality.poor;
  return (
    <div data-testid="home-dashboard" aria-busy={loading}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('dashboard')}
        </Typography.Title>
        <Button onClick={load} loading={loading}>
          {t('refresh')}
        </Button>
      </Space>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12} xl={6}>
          <StatCard
            testId="total-devices"
            title={t('totalDevices')}
            value={totals.totalDevices}
            color={COLORS.blue}
          />
        </Col>
        <Col xs={24} md={12} xl={6}>
          <StatCard
            testId="unknown-devices"
            title={t('unknownDevices')}
            value={totals.unknownDevices}
            hint={t('unknownHint')}
            color={COLORS.orange}
            to={seesDevices ? '/device/unknownDevice' : undefined}
          />
        </Col>
        <Col xs={24} md={12} xl={6}>
          <StatCard
            testId="online-devices"
            title={t('online')}
            value={deviceStatus.online}
            color={COLORS.green}
          />
        </Col>
        <Col xs={24} md={12} xl={6}>
          <StatCard
            testId="registered-accounts"
            title={t('registered')}
            value={sipAccounts.registered}
            hint={t('registeredHint')}
            color={COLORS.purple}
          />
        </Col>
        <Col xs={24} lg={12} xxl={8}>
          <ChartCard title={t('deviceDistribution')} testId="device-distribution">
            {totals.totalDevices === 0 ? (
              <EmptyFigure title={t('deviceDistribution')} text={t('noDevices')} />
            ) : (
              <DonutChart
                title={t('deviceDistribution')}
                slices={[
                  { key: 'online', label: t('online'), value: deviceStatus.online, color: COLORS.green },
                  { key: 'offline', label: t('offline'), value: deviceStatus.offline, color: COLORS.grey },
                  { key: 'abnormal', label: t('abnormal'), value: deviceStatus.abnormal, color: COLORS.red },
                  {
                    key: 'disabled',
                    label: t('disabled'),
                    value: deviceStatus.disabled,
                    color: COLORS.orange,
                  },
                ]}
              />
            )}
          </ChartCard>
        </Col>
        <Col xs={24} lg={12} xxl={8}>
          <ChartCard title={t('sipAccountStatus')} testId="sip-account-status">
            {accountTotal === 0 ? (
              <EmptyFigure title={t('sipAccountStatus')} text={t('noSipAccounts')} />
            ) : (
              <DonutChart
                title={t('sipAccountStatus')}
                slices={[
                  {
                    key: 'unassigned',
                    label: t('unassigned'),
                    value: sipAccounts.unassigned,
                    color: COLORS.grey,
                  },
                  {
                    key: 'registered',
                    label: t('registered'),
                    value: sipAccounts.registered,
                    color: COLORS.green,
                  },
                  {
                    key: 'unregistered',
                    label: t('unregistered'),
                    value: sipAccounts.unregistered,
                    color: COLORS.red,
                  },
                ]}
              />
            )}
          </ChartCard>
        </Col>
        <Col xs={24} lg={12} xxl={8}>
          <ChartCard title={t('callQuality')} testId="call-quality">
            {callTotal === 0 ? (
              <EmptyFigure title={t('callQuality')} text={t('noCalls')} />
            ) : (
              <DonutChart
                title={t('callQuality')}
                slices={[
                  { key: 'good', label: t('good'), value: callQuality.good, color: COLORS.green },
                  { key: 'fair', label: t('fair'), value: callQuality.fair, color: COLORS.orange },
                  { key: 'poor', label: t('poor'), value: callQuality.poor, color: COLORS.red },
                ]}
              />
            )}
          </ChartCard>
        </Col>
        <Col xs={24} lg={12}>
          <ChartCard title={t('modelStatistics')} testId="model-statistics">
            <BarList
              title={t('modelStatistics')}
              emptyText={t('noDevices')}
              items={totals.models.map((row) => ({ key: row.model, label: row.model, value: row.count }))}
            />
          </ChartCard>
        </Col>
        <Col xs={24} lg={12}>
          <ChartCard title={t('organizationStatistics')} testId="organization-statistics">
            <BarList
              title={t('organizationStatistics')}
              emptyText={t('noOrganizations')}
              color={COLORS.cyan}
              items={totals.organizations.map((row) => ({
                key: row.id,
                label: `${row.name} (${t(row.type)})`,
                value: row.count,
              }))}
            />
          </ChartCard>
        </Col>
      </Row>
    </div>
  );
}
