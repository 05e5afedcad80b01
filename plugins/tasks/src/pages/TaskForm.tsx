import {
  DevicePicker,
  FormShell,
  SiteTreeSelect,
  taskTypeName,
  translate,
  useEditedRecord,
  useFormShell,
  useSession,
  useTexts,
  ZonedDateTimePicker,
} from '@phonefleet/sdk/ui';
import { Alert, Button, Form, Input, InputNumber, Radio, Select, Space, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import {
  addTask,
  fetchTask,
  type TaskDetail,
  type TaskInput,
  type TaskRange,
  taskAction,
  updateTask,
} from '../api.js';
import { RelationSelect } from '../components/RelationSelect.js';
import {
  type RepeatKind,
  type ScheduleField,
  type ScheduleForm,
  scheduleFields,
  scheduleFormOf,
  scheduleProblems,
  type TimeType,
} from '../schedule.js';
import { type TaskTextKey, taskText } from '../texts.js';
import type { ListNotice } from './TaskList.js';

interface Values extends ScheduleForm {
  type: number;
  deviceIds: number[];
  modelTemplateId?: number | undefined;
  groupId?: number | undefined;
  siteId?: number | undefined;
  relationLabel?: string | undefined;
}

type RangeField = 'deviceIds' | 'modelTemplateId' | 'groupId' | 'siteId';

/** Which field holds a type's device range (docs/tasks.md); global configuration needs none. */
export function rangeFieldOf(type: number): RangeField | undefined {
  if (type === 4) return 'modelTemplateId';
  if (type === 5) return 'groupId';
  if (type === 6) return 'siteId';
  if (type === 7) return undefined;
  return 'deviceIds';
}

const relationNames: Record<number, string> = { 4: 'model', 5: 'group', 6: 'site' };

/** The request for valid values: the type's range, and the relation kept in `params` for editing. */
export function taskInputOf(values: Values): TaskInput {
  const field = rangeFieldOf(values.type);
  let range: TaskRange = {};
  const params: TaskInput['params'] = {};
  if (field === 'deviceIds') range = { deviceIds: values.deviceIds };
  else if (field) {
    const relationId = values[field] ?? 0;
    range = { [field]: relationId } as TaskRange;
    params.relationName = relationNames[values.type];
    params.relationId = relationId;
    if (values.relationLabel) params.relationLabel = values.relationLabel;
  }
  return { taskName: values.taskName.trim(), type: values.type, range, params, ...scheduleFields(values) };
}

function valuesOf(task: TaskDetail): Values {
  const values: Values = { ...scheduleFormOf(task), type: task.type, deviceIds: [] };
  const field = rangeFieldOf(task.type);
  if (field === 'deviceIds') values.deviceIds = task.deviceIds;
  else if (field) values[field] = task.params.relationId;
  values.relationLabel = task.params.relationLabel;
  return values;
}

const FIELDS: (keyof Values)[] = [
  'taskName',
  'deviceIds',
  'modelTemplateId',
  'groupId',
  'siteId',
  'begin',
  'end',
  'repeat',
  'weekday',
  'monthDay',
  'interval',
];
const initialValues: Values = { taskName: '', type: 1, deviceIds: [], timeType: 1 };
/**
 * The spec's types a person schedules, and ours: 14, the configuration of chosen devices. Firmware
 * upgrades (3) and resource pushes (8–13) are created from the firmware and resource lists.
 */
const TYPES = [1, 2, 4, 5, 6, 7, 14];
const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'];
const MONTH_DAYS = [...Array.from({ length: 31 }, (_, day) => String(day + 1)), 'Last'];

/**
 * Add (/task/addTask), edit (/task/editTask?id=, scheduled or paused tasks) and run again
 * (/task/runAgainTask?id=: the task shown read-only, then a new run of it now). One page with three
 * sections (basic, device range, execution time); the rules are checked here in the server's words
 * and the server's refusal is shown above the form.
 */
export function TaskForm({ basePath, mode }: { basePath: string; mode: 'add' | 'edit' | 'runAgain' }) {
  const { language, zoneOffset } = useSession();
  const t = useTexts(taskText);
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const id = Number(query.get('id')) || 0;
  const [form] = Form.useForm<Values>();
  const shell = useFormShell({ form, cancelTo: basePath });
  const task = useEditedRecord(
    mode === 'add' ? undefined : id,
    (taskId) => fetchTask(taskId, true),
    (found) => form.setFieldsValue(valuesOf(found)),
  );
  const type = Form.useWatch('type', form) ?? initialValues.type;
  const timeType: TimeType = Form.useWatch('timeType', form) ?? initialValues.timeType;
  const repeat: RepeatKind | undefined = Form.useWatch('repeat', form);
  const relationLabel: string | undefined = Form.useWatch('relationLabel', form);

  const showProblems = (problems: { field: ScheduleField | RangeField; message: string }[]) => {
    const byField = new Map<string, string[]>();
    for (const problem of problems)
      byField.set(problem.field, [...(byField.get(problem.field) ?? []), problem.message]);
    form.setFields([...byField].map(([name, errors]) => ({ name: name as keyof Values, errors })));
  };

  const save = () =>
    shell.submit(
      async (filled) => {
        form.setFields(FIELDS.map((name) => ({ name, errors: [] })));
        const values = { ...initialValues, ...filled };
        const problems: { field: ScheduleField | RangeField; message: string }[] = scheduleProblems(
          values,
          Date.now(),
        ).map((problem) => ({ field: problem.field, message: translate(problem.message, language) }));
        const rangeField = rangeFieldOf(values.type);
        const missingRange =
          rangeField === 'deviceIds'
            ? values.deviceIds.length === 0
            : rangeField
              ? !values[rangeField]
              : false;
        if (rangeField && missingRange) {
          problems.push({ field: rangeField, message: translate('taskDevicesRequired', language) });
        }
        if (problems.length) {
          showProblems(problems);
          return false;
        }
        if (mode === 'edit') await updateTask(id, taskInputOf(values));
        else await addTask(taskInputOf(values));
        const state: ListNotice = { notice: mode === 'edit' ? 'saved' : 'created' };
        navigate(basePath, { state });
      },
      { validate: false },
    );

  const runAgain = () =>
    shell.submit(
      async () => {
        await taskAction('runAgain', id);
        navigate(`${basePath}/taskResult?id=${id}`);
      },
      { validate: false },
    );

  const readOnly = mode === 'runAgain';
  const rangeField = rangeFieldOf(type);
  const zone = `GMT${zoneOffset}`;
  const title = mode === 'add' ? 'addTask' : mode === 'edit' ? 'editTask' : 'runAgainTask';
  let unavailable: string | undefined;
  if (mode !== 'add' && task === null) unavailable = t('notFound');
  else if (mode === 'edit' && task && task.state !== 0 && task.state !== 5) unavailable = t('notEditable');
  else if (mode === 'runAgain' && task && task.state !== 4 && task.state !== 7)
    unavailable = t('notRunnable');
  return (
    <FormShell
      shell={shell}
      title={t(title)}
      testId="task-form"
      loading={task === undefined}
      missing={unavailable}
      cancelLabel={t('back')}
      readOnly={readOnly}
      width={false}
      formProps={{ initialValues }}
      notice={
        readOnly && task ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message={t('runAgainHint', { count: task.deviceIds.length })}
          />
        ) : null
      }
      buttons={
        readOnly ? (
          <Button
            type="primary"
            loading={shell.saving}
            onClick={runAgain}
            data-testid="task-run-again"
            disabled={false}
          >
            {t('runAgain')}
          </Button>
        ) : (
          <Button type="primary" loading={shell.saving} onClick={save} data-testid="task-submit">
            {t('save')}
          </Button>
        )
      }
    >
      <Typography.Title level={5}>{t('stepBasic')}</Typography.Title>
      <Form.Item name="taskName" label={t('taskName')} required={timeType !== 1} style={{ maxWidth: 480 }}>
        <Input maxLength={1000} data-testid="task-name" />
      </Form.Item>
      <Form.Item name="type" label={t('type')} style={{ maxWidth: 480 }}>
        <Select<number>
          data-testid="task-type"
          disabled={mode !== 'add'}
          options={TYPES.map((value) => ({ value, label: taskTypeName(value, language) }))}
        />
      </Form.Item>

      <Typography.Title level={5}>{t('devices')}</Typography.Title>
      {rangeField === 'deviceIds' ? (
        <Form.Item name="deviceIds">
          <DevicePicker
            tableId="task-devices"
            disabled={shell.saving || readOnly}
            clearable
            scrollY={360}
            testIds={{
              root: 'task-device-picker',
              keywords: 'task-device-keywords',
              count: 'task-device-count',
            }}
          />
        </Form.Item>
      ) : null}
      {rangeField === 'modelTemplateId' || rangeField === 'groupId' ? (
        <Form.Item name={rangeField} label={t(rangeField === 'groupId' ? 'group' : 'modelTemplate')}>
          <RelationSelect
            kind={rangeField === 'groupId' ? 'group' : 'model'}
            initialLabel={relationLabel}
            onChange={(value, label) => form.setFieldsValue({ [rangeField]: value, relationLabel: label })}
          />
        </Form.Item>
      ) : null}
      {rangeField === 'siteId' ? (
        <Form.Item name="siteId" label={t('site')}>
          <SiteTreeSelect data-testid="task-site-select" style={{ width: 360 }} />
        </Form.Item>
      ) : null}
      {rangeField === undefined ? <Typography.Paragraph>{t('globalRange')}</Typography.Paragraph> : null}

      <Typography.Title level={5}>{t('execution')}</Typography.Title>
      <Form.Item name="timeType" label={t('timeType')}>
        <Radio.Group
          data-testid="task-time-type"
          options={[
            { value: 1, label: t('immediate') },
            { value: 2, label: t('scheduled') },
            { value: 3, label: t('repeating') },
          ]}
        />
      </Form.Item>
      {timeType === 2 ? (
        <Form.Item name="begin" label={t('taskTime')} required extra={t('scheduledHint', { zone })}>
          <ZonedDateTimePicker zoneOffset={zoneOffset} data-testid="task-begin" />
        </Form.Item>
      ) : null}
      {timeType === 3 ? (
        <>
          <Space wrap align="start">
            <Form.Item name="begin" label={t('repeatStart')} required>
              <ZonedDateTimePicker zoneOffset={zoneOffset} data-testid="task-begin" />
            </Form.Item>
            <Form.Item name="end" label={t('repeatEnd')}>
              <ZonedDateTimePicker zoneOffset={zoneOffset} data-testid="task-end" />
            </Form.Item>
          </Space>
          <Form.Item name="repeat" label={t('repeat')} required extra={t('repeatingHint', { zone })}>
            <Radio.Group
              data-testid="task-repeat"
              options={(['daily', 'weekly', 'monthly', 'interval'] as const).map((value) => ({
                value,
                label: t(value === 'interval' ? 'everyInterval' : value),
              }))}
            />
          </Form.Item>
          {repeat === 'weekly' ? (
            <Form.Item name="weekday" label={t('weekday')} required>
              <Select
                style={{ width: 200 }}
                data-testid="task-weekday"
                options={WEEKDAYS.map((day) => ({ value: day, label: t(`weekday${day}` as TaskTextKey) }))}
              />
            </Form.Item>
          ) : null}
          {repeat === 'monthly' ? (
            <Form.Item name="monthDay" label={t('monthDay')} required>
              <Select
                style={{ width: 200 }}
                data-testid="task-month-day"
                options={MONTH_DAYS.map((day) => ({
                  value: day,
                  label: day === 'Last' ? t('lastDay') : day,
                }))}
              />
            </Form.Item>
          ) : null}
          {repeat === 'interval' ? (
            <Form.Item name="interval" label={t('intervalSeconds')} required>
              <InputNumber precision={0} data-testid="task-interval" />
            </Form.Item>
          ) : null}
        </>
      ) : null}
    </FormShell>
  );
}
