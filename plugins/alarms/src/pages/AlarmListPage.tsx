import type { AlarmRow } from '@phonefleet/sdk';
import {
  AlarmStatus,
  deleteAction,
  ListPage,
  type ListPageApi,
  LiveEventName,
  type RunAction,
  useSession,
  useTexts,
} from '@phonefleet/sdk/ui';
import { Modal } from 'antd';
import { Fragment, useMemo } from 'react';
import {
  type AlarmChange,
  type AlarmFilters,
  changeAlarms,
  exportAlarms,
  readAllAlarms,
  removeAlarms,
  removeReadAlarms,
  searchAlarms,
} from '../api.js';
import { AlarmFilterControls } from '../components/AlarmFilterControls.js';
import { alarmColumns } from '../components/alarm-columns.js';
import { ALARM_POWER } from '../links.js';
import { alarmText } from '../texts.js';

const isOpen = (alarm: AlarmRow) => alarm.status === AlarmStatus.unread || alarm.status === AlarmStatus.read;

/**
 * /alarmList (spec §2, §3, §4, §8): the tenant's alarms, newest first, unread ones in bold;
 * keywords (MAC or device name), site (following the sidebar), level, type, state and days; Mark
 * read, Resolve, Ignore and Delete on the selection, All read, Delete read alarms and Export, each
 * shown only with its button of `alarmList` (`read`, `delete`, `export`).
 */
export function AlarmListPage() {
  const { language, zoneOffset } = useSession();
  const t = useTexts(alarmText);
  const [modal, modalHolder] = Modal.useModal();
  const columns = useMemo(() => alarmColumns(t, language, zoneOffset), [t, language, zoneOffset]);

  const change = (key: AlarmChange, label: string): RunAction => ({
    key,
    label,
    button: 'read',
    run: (ids) => changeAlarms(key, ids),
  });
  const markRead = change('read', t('markRead'));
  const resolve = change('resolve', t('resolve'));
  const ignore = change('ignore', t('ignore'));
  const remove = deleteAction({
    run: removeAlarms,
    confirm: { title: t('deleteAlarmsTitle'), content: (count) => t('deleteAlarmsContent', { count }) },
  });

  const readAll = (list: ListPageApi<AlarmFilters>) =>
    void readAllAlarms()
      .then(() => list.report())
      .catch(() => undefined);
  // Spec §8: deleting every read alarm is confirmed first.
  const deleteRead = (list: ListPageApi<AlarmFilters>) =>
    modal.confirm({
      title: t('deleteRead'),
      content: t('deleteReadContent'),
      okText: t('delete'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: () =>
        removeReadAlarms()
          .then(() => list.report(t('deleted')))
          .catch(() => undefined),
    });

  return (
    <ListPage<AlarmRow, AlarmFilters>
      power={ALARM_POWER}
      tableId="alarms"
      testId="alarm-list"
      title={t('alarmList')}
      liveEvent={LiveEventName.alarms}
      columns={columns}
      request={searchAlarms}
      keywords={{ placeholder: t('alarmKeywords'), testId: 'alarm-search', width: 220 }}
      site={{ followSidebar: true, testId: 'alarm-site-filter' }}
      moreFilters={(set) => <AlarmFilterControls set={set} />}
      toolbar={[
        markRead,
        resolve,
        ignore,
        remove,
        { key: 'allRead', label: t('allRead'), button: 'read', testId: 'alarm-all-read', onClick: readAll },
        {
          key: 'deleteRead',
          label: t('deleteRead'),
          button: 'delete',
          danger: true,
          testId: 'alarm-delete-read',
          onClick: deleteRead,
        },
        {
          key: 'export',
          button: 'export',
          testId: 'alarm-export',
          onClick: (list) => void exportAlarms(list.filters).catch(() => undefined),
        },
      ]}
      rowActions={(alarm) => (isOpen(alarm) ? [resolve, ignore, remove] : [remove])}
    >
      {/* Its own key: the list renders a holder of its own, keyed alike, beside it. */}
      <Fragment key="alarm-dialogs">{modalHolder}</Fragment>
    </ListPage>
  );
}
