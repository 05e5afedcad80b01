import type { AboutDriver, AboutInfo, AboutModel } from '@phonefleet/sdk';
import { EMPTY_CELL, type FleetColumn, FleetTable, useTexts } from '@phonefleet/sdk/ui';
import { Card, Descriptions, Result, Space, Spin, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { fetchAbout } from '../api.js';
import { systemText } from '../texts.js';

interface ModelRow extends AboutModel {
  key: string;
  driver: AboutDriver;
}

/**
 * /about (spec §2 System: "About: version, supported models and firmware, release notes"): the
 * console's version, every loaded driver's models with the official firmware offered for them,
 * and the newest release notes of CHANGELOG.md (`GET /system/about`).
 */
export function AboutPage() {
  const t = useTexts(systemText);
  const [about, setAbout] = useState<AboutInfo | null | undefined>(undefined);
  useEffect(() => {
    fetchAbout()
      .then(setAbout)
      .catch(() => setAbout(null));
  }, []);

  const rows = useMemo<ModelRow[]>(
    () =>
      (about?.drivers ?? []).flatMap((driver) =>
        driver.models.map((model) => ({ ...model, key: `${driver.id}/${model.id}`, driver })),
      ),
    [about],
  );
  const columns = useMemo<FleetColumn<ModelRow>[]>(
    () => [
      { key: 'vendor', title: t('vendor'), render: (_: unknown, row: ModelRow) => row.driver.vendor },
      { key: 'driver', title: t('driver'), render: (_: unknown, row: ModelRow) => row.driver.id },
      { key: 'model', title: t('models'), dataIndex: 'id' },
      { key: 'description', title: t('description'), dataIndex: 'description', defaultHidden: true },
      {
        key: 'firmware',
        title: t('firmware'),
        dataIndex: 'firmware',
        render: (value: string[]) => (value.length ? value.join(', ') : EMPTY_CELL),
      },
    ],
    [t],
  );

  if (about === undefined) return <Spin />;
  if (about === null) return <Result status="warning" title={t('aboutUnavailable')} />;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('aboutTitle')}
      </Typography.Title>
      <Descriptions column={1} bordered size="small" data-testid="about-version">
        <Descriptions.Item label={t('consoleVersion')}>
          {about.productName} {about.version}
        </Descriptions.Item>
      </Descriptions>
      <Card size="small" title={t('drivers')}>
        <div data-testid="about-models">
          <FleetTable<ModelRow>
            tableId="about-models"
            rowKey="key"
            columns={columns}
            request={async ({ currentPage, pageSize }) => ({
              rows: rows.slice((currentPage - 1) * pageSize, currentPage * pageSize),
              total: rows.length,
            })}
          />
        </div>
      </Card>
      <Card size="small" title={t('releaseNotes')} data-testid="about-releases">
        {about.releases.length === 0 ? (
          <Typography.Text type="secondary">{t('noNotes')}</Typography.Text>
        ) : (
          about.releases.map((release) => (
            <div key={release.version}>
              <Typography.Title level={5}>
                {release.version}
                {release.date ? ` — ${release.date}` : ''}
              </Typography.Title>
              <ul>
                {release.notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            </div>
          ))
        )}
      </Card>
    </Space>
  );
}
