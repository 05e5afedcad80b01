import { InboxOutlined } from '@ant-design/icons';
import { useSession, useTexts } from '@phonefleet/sdk/ui';
import {
  Alert,
  App as AntApp,
  Button,
  Card,
  Descriptions,
  Result,
  Space,
  Spin,
  Typography,
  Upload,
} from 'antd';
import { useEffect, useState } from 'react';
import { fetchUpgradeInfo, type UpgradeInfo, upgradeTo, uploadPackage } from '../api.js';
import { type SystemTextKey, systemText } from '../texts.js';

const DEPLOYMENT: Record<UpgradeInfo['deployment'], SystemTextKey> = {
  npm: 'deploymentNpm',
  systemd: 'deploymentSystemd',
  container: 'deploymentContainer',
};

/**
 * /upgrade (spec §2 System: "upgrade (drag an installation package)"; the upgrade module's
 * contract): the version running and how it is installed, a package dragged in (checked and staged
 * by the platform: signature, newer, intact), its version and notes, and Upgrade after a
 * confirmation — the host's dialog blocks the console until it restarts on the new version. In a
 * container the page says an upgrade is a new image, and offers no upload.
 */
export function UpgradePage() {
  const t = useTexts(systemText);
  const { hasButton } = useSession();
  const { modal } = AntApp.useApp();
  const [info, setInfo] = useState<UpgradeInfo | null | undefined>(undefined);
  const [starting, setStarting] = useState(false);
  const canUpgrade = hasButton('upgrade', 'upload');

  useEffect(() => {
    fetchUpgradeInfo()
      .then(setInfo)
      .catch(() => setInfo(null));
  }, []);

  if (info === undefined) return <Spin />;
  if (info === null) return <Result status="warning" title={t('upgradeUnavailable')} />;

  const staged = info.staged;
  const upgrade = (version: string) =>
    modal.confirm({
      title: t('upgradeConfirmTitle'),
      content: t('upgradeConfirmContent', { version }),
      okText: t('upgradeNow'),
      onOk: async () => {
        setStarting(true);
        try {
          await upgradeTo(version);
        } catch {
          // the api client has shown why
        } finally {
          setStarting(false);
        }
      },
    });

  return (
    <Space direction="vertical" size="large" style={{ width: '100%', maxWidth: 720 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('upgradeTitle')}
      </Typography.Title>
      <Descriptions column={1} bordered size="small" data-testid="upgrade-info">
        <Descriptions.Item label={t('currentVersion')}>{info.currentVersion}</Descriptions.Item>
        <Descriptions.Item label={t('deployment')}>{t(DEPLOYMENT[info.deployment])}</Descriptions.Item>
      </Descriptions>
      {info.deployment === 'container' ? (
        <Alert type="info" showIcon data-testid="upgrade-container" message={t('containerNote')} />
      ) : (
        canUpgrade && (
          <div data-testid="upgrade-dragger">
            <Upload.Dragger
              multiple={false}
              accept=".gz"
              showUploadList={false}
              customRequest={({ file, onProgress, onSuccess, onError }) => {
                uploadPackage(file as File, (progress) => onProgress?.({ percent: progress.percent }))
                  .then((next) => {
                    onSuccess?.(next);
                    setInfo({ ...info, staged: next });
                  })
                  .catch((error: Error) => onError?.(error));
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('dragPackage')}</p>
              <p className="ant-upload-hint">{t('dragPackageHint')}</p>
            </Upload.Dragger>
          </div>
        )
      )}
      {info.deployment !== 'container' && (
        <Card
          size="small"
          data-testid="upgrade-staged"
          title={staged ? t('stagedVersion', { version: staged.version }) : t('nothingStaged')}
          extra={
            staged && canUpgrade ? (
              <Button
                type="primary"
                data-testid="upgrade-now"
                loading={starting}
                onClick={() => upgrade(staged.version)}
              >
                {t('upgradeNow')}
              </Button>
            ) : null
          }
        >
          {staged ? (
            <>
              <Typography.Text strong>{t('releaseNotes')}</Typography.Text>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="upgrade-notes">
                {staged.notes}
              </Typography.Paragraph>
            </>
          ) : null}
        </Card>
      )}
    </Space>
  );
}
