import type { ResourceRow } from '@phonefleet/sdk';
import {
  DevicePicker,
  ExecutionModeDialog,
  formatBytes,
  isResourceType,
  resourcePushTaskType,
  resourceTypeName,
  taskTypeName,
  translate,
  useSession,
  useTexts,
} from '@phonefleet/sdk/ui';
import { Descriptions, Form } from 'antd';
import { useState } from 'react';
import { pushResource } from '../api.js';
import { resourceText } from '../texts.js';

export interface PushDialogProps {
  /** The resource to push; kept while the dialog closes. */
  resource: ResourceRow | null;
  open: boolean;
  onClose(): void;
}

/**
 * A resource row's Push: the resource (name, type, file, site), the devices (the kit's picker,
 * starting at the resource's site; a model that cannot take the resource is refused by the server,
 * in its words), then the kit's execution mode (immediate or scheduled) and task name.
 * `POST /tb-resource/push`, a task of type 7 + the resource type; "The task has been created" for 6 s.
 */
export function PushDialog({ resource, open, onClose }: PushDialogProps) {
  const { language } = useSession();
  const t = useTexts(resourceText);
  const [deviceIds, setDeviceIds] = useState<number[]>([]);
  const [devicesError, setDevicesError] = useState<string | null>(null);
  const [shownOpen, setShownOpen] = useState(open);
  if (shownOpen !== open) {
    // Each opening asks afresh.
    setShownOpen(open);
    if (open) {
      setDeviceIds([]);
      setDevicesError(null);
    }
  }
  const title =
    resource && isResourceType(resource.type)
      ? taskTypeName(resourcePushTaskType(resource.type), language)
      : t('push');

  return (
    <ExecutionModeDialog
      open={open}
      language={language}
      title={title}
      named
      createsTask
      width={960}
      testId="resource-push-dialog"
      onCancel={onClose}
      onOk={async (mode) => {
        if (!resource) return false;
        if (deviceIds.length === 0) {
          setDevicesError(translate('taskDevicesRequired', language));
          return false;
        }
        await pushResource(resource.id, deviceIds, mode);
        onClose();
        return true;
      }}
    >
      {resource ? (
        <Descriptions size="small" column={2} style={{ marginBottom: 16 }} data-testid="resource-pushed">
          <Descriptions.Item label={t('name')}>{resource.name}</Descriptions.Item>
          <Descriptions.Item label={t('type')}>{resourceTypeName(resource.type, language)}</Descriptions.Item>
          <Descriptions.Item label={t('file')}>
            {resource.fileName} ({formatBytes(resource.size)})
          </Descriptions.Item>
          <Descriptions.Item label={t('site')}>{resource.siteName}</Descriptions.Item>
        </Descriptions>
      ) : null}
      <Form.Item
        label={t('devices')}
        required
        validateStatus={devicesError ? 'error' : undefined}
        help={
          devicesError ? <span data-testid="resource-push-devices-error">{devicesError}</span> : undefined
        }
      >
        {resource ? (
          <DevicePicker
            key={resource.id}
            tableId="resource-push-devices"
            siteId={resource.siteId}
            value={deviceIds}
            onChange={(ids) => {
              setDeviceIds(ids);
              setDevicesError(null);
            }}
            clearable
            scrollY={260}
            testIds={{
              root: 'resource-push-devices',
              keywords: 'resource-push-keywords',
              count: 'resource-push-count',
            }}
          />
        ) : null}
      </Form.Item>
    </ExecutionModeDialog>
  );
}
