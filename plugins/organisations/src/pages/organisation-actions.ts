import type { OrganisationStatus } from '@phonefleet/sdk';
import {
  deleteAction,
  type RowAction,
  type RunAction,
  type ToolbarAction,
  useTexts,
} from '@phonefleet/sdk/ui';
import { useNavigate } from 'react-router';
import {
  exportOrganisations,
  freezeOrganisations,
  type OrganisationArea,
  type OrganisationFilters,
  removeOrganisations,
  searchBody,
  unfreezeOrganisations,
} from '../api.js';
import { ADD_PATH, editPath, sendEmailPath } from '../links.js';
import { orgText } from '../texts.js';

/**
 * The buttons of a channel or enterprise list: Add, Export, Freeze, Unfreeze, Send email and
 * Delete above the table; Edit and Freeze or Unfreeze (by the row's status) in each row. Each is
 * shown only with its permission button (Freeze and Unfreeze share `freeze`).
 */
export function useOrganisationActions(area: OrganisationArea): {
  toolbar: ToolbarAction<OrganisationFilters>[];
  rowActions(row: { id: number; status: OrganisationStatus }): RowAction<unknown, OrganisationFilters>[];
} {
  const t = useTexts(orgText);
  const navigate = useNavigate();
  const channels = area === 'channel';

  const freeze: RunAction = {
    key: 'freeze',
    label: t('freeze'),
    button: 'freeze',
    testId: 'org-freeze',
    confirm: { content: (count) => t(channels ? 'freezeChannels' : 'freezeEnterprises', { count }) },
    run: (ids) => freezeOrganisations(area, ids),
  };
  const unfreeze: RunAction = {
    key: 'unfreeze',
    label: t('unfreeze'),
    button: 'freeze',
    testId: 'org-unfreeze',
    confirm: { content: (count) => t('unfreezeQuestion', { count }) },
    run: (ids) => unfreezeOrganisations(area, ids),
  };
  const remove = deleteAction({
    run: (ids) => removeOrganisations(area, ids),
    confirm: { content: (count) => t(channels ? 'deleteChannels' : 'deleteEnterprises', { count }) },
  });

  return {
    toolbar: [
      {
        key: 'add',
        button: 'add',
        primary: true,
        testId: 'org-add',
        onClick: () => navigate(ADD_PATH[area]),
      },
      {
        key: 'export',
        button: 'export',
        testId: 'org-export',
        onClick: (list) =>
          void exportOrganisations(area, searchBody(list.filters, list.sort)).catch(() => undefined),
      },
      freeze,
      unfreeze,
      {
        key: 'sendEmail',
        label: t('sendEmail'),
        button: 'sendEmail',
        testId: 'org-send-email',
        needsSelection: true,
        onClick: (list) => navigate(sendEmailPath(area, list.selected)),
      },
      { ...remove, testId: 'org-delete' },
    ],
    rowActions: (row) => [
      {
        key: 'edit',
        button: 'edit',
        testId: 'org-row-edit',
        onClick: () => navigate(editPath(area, row.id)),
      },
      row.status === 'frozen'
        ? { ...unfreeze, testId: 'org-row-unfreeze' }
        : { ...freeze, testId: 'org-row-freeze' },
    ],
  };
}
