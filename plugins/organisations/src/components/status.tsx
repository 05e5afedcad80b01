import type { OrganisationStatus } from '@phonefleet/sdk';
import { useTexts } from '@phonefleet/sdk/ui';
import { Select, Tag } from 'antd';
import { orgText } from '../texts.js';

/** Spec §4: normal, frozen, inactivated (the first user has not activated the account yet). */
const STATUSES: readonly OrganisationStatus[] = ['normal', 'frozen', 'inactivated'];
const COLOUR: Record<OrganisationStatus, string> = { normal: 'green', frozen: 'red', inactivated: 'orange' };

export function StatusTag({ status }: { status: OrganisationStatus }) {
  const t = useTexts(orgText);
  return (
    <Tag color={COLOUR[status]} data-status={status}>
      {t(status)}
    </Tag>
  );
}

/** The list's status filter (none chosen: every status). */
export function StatusFilter({ onChange }: { onChange(status: OrganisationStatus | undefined): void }) {
  const t = useTexts(orgText);
  return (
    <Select<OrganisationStatus>
      allowClear
      placeholder={t('allStatuses')}
      style={{ width: 160 }}
      data-testid="org-status-filter"
      options={STATUSES.map((status) => ({ value: status, label: t(status) }))}
      onChange={(status) => onChange(status)}
    />
  );
}
