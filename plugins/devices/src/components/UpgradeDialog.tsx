import type { FirmwareRow } from '@phonefleet/sdk';
import {
  DevicePushDialog,
  RequiredChoice,
  TaskType,
  taskTypeName,
  useSession,
  useTexts,
} from '@phonefleet/sdk/ui';
import { Alert, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { fetchUpgradeVersions, upgradeFirmware } from '../api.js';
import { deviceText } from '../texts.js';

export interface UpgradeDialogProps {
  open: boolean;
  /** The selected devices. */
  ids: number[];
  onClose(): void;
}

/** The versions offered: loading, refused (the api client said why), or the list. */
type Versions = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; rows: FirmwareRow[] };

/**
 * Firmware upgrade of the selected devices: one of the firmware every one of their models takes
 * (`POST /tb-firmware/selectUpgradeVersionList`, newest first, official and customer), then the
 * kit's execution mode and task name; `POST /device/firmwareUpgrade`, "The task has been created"
 * for 6 s. Without any firmware for the selection it says so and OK stays disabled.
 */
export function UpgradeDialog({ open, ids, onClose }: UpgradeDialogProps) {
  const { language } = useSession();
  const t = useTexts(deviceText);
  const [versions, setVersions] = useState<Versions>({ state: 'loading' });
  const [chosen, setChosen] = useState<number | undefined>();
  const [chooseError, setChooseError] = useState<string | null>(null);
  const idsKey = ids.join(',');

  useEffect(() => {
    if (!open) return;
    let current = true;
    setVersions({ state: 'loading' });
    setChosen(undefined);
    setChooseError(null);
    const deviceIds = idsKey.split(',').map(Number);
    fetchUpgradeVersions(deviceIds).then(
      (rows) => current && setVersions({ state: 'loaded', rows }),
      () => current && setVersions({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [open, idsKey]);

  const rows = versions.state === 'loaded' ? versions.rows : [];
  const none = versions.state === 'loaded' && rows.length === 0;
  return (
    <DevicePushDialog
      open={open}
      title={taskTypeName(TaskType.firmwareUpgrade, language)}
      devices={ids}
      defaultBegin="startOfToday"
      checkLead={false}
      okDisabled={versions.state !== 'loaded' || none}
      width={760}
      testId="device-upgrade-dialog"
      onClose={onClose}
      onOk={(mode, deviceIds) => {
        if (chosen !== undefined) return upgradeFirmware(chosen, deviceIds, mode);
        setChooseError(t('chooseFirmware'));
        return false;
      }}
    >
      {none ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="device-upgrade-none"
          message={t('noUpgradeFirmware')}
        />
      ) : (
        <RequiredChoice
          label={t('upgradeFirmware')}
          error={chooseError}
          errorTestId="device-upgrade-choose-error"
        >
          <Table<FirmwareRow>
            data-testid="device-upgrade-versions"
            rowKey="id"
            size="small"
            loading={versions.state === 'loading'}
            dataSource={rows}
            pagination={false}
            scroll={{ y: 240 }}
            onRow={(row) => ({
              onClick: () => {
                setChosen(row.id);
                setChooseError(null);
              },
            })}
            rowSelection={{
              type: 'radio',
              selectedRowKeys: chosen === undefined ? [] : [chosen],
              onChange: (keys) => {
                setChosen(keys.length ? Number(keys[0]) : undefined);
                setChooseError(null);
              },
            }}
            columns={[
              { key: 'firmwareName', title: t('firmwareName'), dataIndex: 'firmwareName', ellipsis: true },
              { key: 'firmwareVersion', title: t('firmwareVersion'), dataIndex: 'firmwareVersion' },
              {
                key: 'official',
                title: t('firmwareSource'),
                render: (_: unknown, row: FirmwareRow) =>
                  row.official ? (
                    <Tag color="blue">{t('officialFirmware')}</Tag>
                  ) : (
                    <span>
                      <Tag>{t('customerFirmware')}</Tag>
                      {row.orgName}
                    </span>
                  ),
              },
            ]}
          />
        </RequiredChoice>
      )}
    </DevicePushDialog>
  );
}
