import type { FirmwareModelOption } from '@phonefleet/sdk';
import { useTexts } from '@phonefleet/sdk/ui';
import { Checkbox, Modal, message, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { fetchNotifiedModels, saveNotifiedModels } from '../api.js';
import { firmwareText } from '../texts.js';

/**
 * New-version notification settings (spec §2 Firmware, §7 `newVersionNotify`): the models the user
 * wants a message for when a newer firmware for them appears.
 */
export function NotificationsDialog({
  open,
  models,
  onClose,
}: {
  open: boolean;
  models: FirmwareModelOption[];
  onClose(): void;
}) {
  const t = useTexts(firmwareText);
  const [chosen, setChosen] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) return;
    let current = true;
    fetchNotifiedModels().then(
      (found) => current && setChosen(found),
      // The client has shown the refusal.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [open]);

  const save = async () => {
    setSaving(true);
    try {
      await saveNotifiedModels(chosen);
      void message.success(t('saved'));
      onClose();
    } catch {
      // The client has shown the refusal; the dialog stays open.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('notifications')}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="firmware-notifications-dialog"
    >
      <Typography.Paragraph type="secondary">{t('notificationsHint')}</Typography.Paragraph>
      <Checkbox.Group
        value={chosen}
        onChange={(values) => setChosen(values as string[])}
        options={models.map((option) => ({
          value: option.model,
          label: `${option.model} (${option.family})`,
        }))}
        data-testid="firmware-notified-models"
      />
    </Modal>
  );
}
