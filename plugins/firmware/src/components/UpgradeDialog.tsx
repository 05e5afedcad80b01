import type { FirmwareRow } from '@phonefleet/sdk';
import { DevicePushDialog, TaskType, taskTypeName, useSession, useTexts } from '@phonefleet/sdk/ui';
import { Descriptions, Space, Tag } from 'antd';
import { upgradeDevices } from '../api.js';
import { firmwareText } from '../texts.js';

export interface UpgradeDialogProps {
  /** The firmware to upgrade to; kept while the dialog closes. */
  firmware: FirmwareRow | null;
  open: boolean;
  onClose(): void;
}

/**
 * A firmware row's Upgrade: the firmware's name and version, the devices (the kit's picker; devices
 * of a model the firmware is not for are refused by the server, in its words), then the kit's
 * execution mode (immediate, or scheduled from the spec's default window) and task name.
 * `POST /tb-firmware/firmwareUpgrade`; "The task has been created" for 6 s.
 */
export function UpgradeDialog({ firmware, open, onClose }: UpgradeDialogProps) {
  const { language } = useSession();
  const t = useTexts(firmwareText);
  return (
    <DevicePushDialog
      open={open}
      title={taskTypeName(TaskType.firmwareUpgrade, language)}
      defaultBegin="startOfToday"
      checkLead={false}
      testId="firmware-upgrade-dialog"
      onClose={onClose}
      onOk={(mode, deviceIds) => (firmware ? upgradeDevices(firmware.id, deviceIds, mode) : false)}
      summary={
        firmware ? (
          <Descriptions size="small" column={2} style={{ marginBottom: 16 }} data-testid="upgrade-firmware">
            <Descriptions.Item label={t('firmwareName')}>{firmware.firmwareName}</Descriptions.Item>
            <Descriptions.Item label={t('firmwareVersion')}>{firmware.firmwareVersion}</Descriptions.Item>
            <Descriptions.Item label={t('supportModel')} span={2}>
              <Space size={[0, 4]} wrap>
                {firmware.supportModel.map((model) => (
                  <Tag key={model}>{model}</Tag>
                ))}
              </Space>
            </Descriptions.Item>
          </Descriptions>
        ) : null
      }
      devices={{
        label: t('upgradeDevices'),
        extra: firmware ? t('upgradeModels', { models: firmware.supportModel.join(', ') }) : undefined,
        tableId: 'firmware-upgrade-devices',
        testIds: {
          root: 'upgrade-device-picker',
          keywords: 'upgrade-device-keywords',
          count: 'upgrade-device-count',
          error: 'upgrade-devices-error',
        },
      }}
    />
  );
}
