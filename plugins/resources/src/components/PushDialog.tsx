import type { ResourceRow } from '@phonefleet/sdk';
import {
  DevicePushDialog,
  formatBytes,
  isResourceType,
  resourcePushTaskType,
  resourceTypeName,
  taskTypeName,
  useSession,
  useTexts,
} from '@phonefleet/sdk/ui';
import { Descriptions } from 'antd';
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
  const title =
    resource && isResourceType(resource.type)
      ? taskTypeName(resourcePushTaskType(resource.type), language)
      : t('push');

  return (
    <DevicePushDialog
      open={open}
      title={title}
      testId="resource-push-dialog"
      onClose={onClose}
      onOk={(mode, deviceIds) => (resource ? pushResource(resource.id, deviceIds, mode) : false)}
      summary={
        resource ? (
          <Descriptions size="small" column={2} style={{ marginBottom: 16 }} data-testid="resource-pushed">
            <Descriptions.Item label={t('name')}>{resource.name}</Descriptions.Item>
            <Descriptions.Item label={t('type')}>
              {resourceTypeName(resource.type, language)}
            </Descriptions.Item>
            <Descriptions.Item label={t('file')}>
              {resource.fileName} ({formatBytes(resource.size)})
            </Descriptions.Item>
            <Descriptions.Item label={t('site')}>{resource.siteName}</Descriptions.Item>
          </Descriptions>
        ) : null
      }
      devices={{
        siteId: resource?.siteId,
        tableId: 'resource-push-devices',
        testIds: {
          root: 'resource-push-devices',
          keywords: 'resource-push-keywords',
          count: 'resource-push-count',
          error: 'resource-push-devices-error',
        },
      }}
    />
  );
}
