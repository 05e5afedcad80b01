import type { FirmwareRow } from '@phonefleet/sdk';
import {
  DevicePicker,
  ExecutionModeDialog,
  TaskType,
  taskTypeName,
  translate,
  useSession,
  useTexts,
} from '@phonefleet/sdk/ui';
import { Descriptions, Form, Space, Tag } from 'antd';
import { useState } from 'react';
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
  const [deviceIds, setDeviceIds] = useState<number[]>([]);
  const [devicesError, setDevicesError] = useState<string | null>(null);
  const [shownOpen, setShownOpen] = useState(open);
  if (shownOpen !== open) {
    setShownOpen(open);
    if (open) {
      setDeviceIds([]);
      setDevicesError(null);
    }
  }

  return (
    <ExecutionModeDialog
      open={open}
      language={language}
      title={taskTypeName(TaskType.firmwareUpgrade, language)}
      named
      defaultBegin="startOfToday"
      checkLead={false}
      createsTask
      width={960}
      testId="firmware-upgrade-dialog"
      onCancel={onClose}
      onOk={async (mode) => {
        if (!firmware) return false;
        if (deviceIds.length === 0) {
          setDevicesError(translate('taskDevicesRequired', language));
          return false;
        }
        await upgradeDevices(firmware.id, deviceIds, mode);
        onClose();
        return true;
      }}
    >
      {firmware ? (
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
      ) : null}
      <Form.Item
        label={t('upgradeDevices')}
        required
        validateStatus={devicesError ? 'error' : undefined}
        help={devicesError ? <span data-testid="upgrade-devices-error">{devicesError}</span> : undefined}
        extra={firmware ? t('upgradeModels', { models: firmware.supportModel.join(', ') }) : undefined}
      >
        <DevicePicker
          tableId="firmware-upgrade-devices"
          value={deviceIds}
          onChange={(ids) => {
            setDeviceIds(ids);
            setDevicesError(null);
          }}
          clearable
          scrollY={260}
          testIds={{
            root: 'upgrade-device-picker',
            keywords: 'upgrade-device-keywords',
            count: 'upgrade-device-count',
          }}
        />
      </Form.Item>
    </ExecutionModeDialog>
  );
}
