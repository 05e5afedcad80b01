import { Alert, Form, Input, Modal, message, Radio } from 'antd';
import { type ReactNode, useState } from 'react';
import type { Language } from '../envelope.js';
import { translate } from '../messages.js';
import { isApiError } from './api-error.js';
import { commonText } from './common-texts.js';
import { epochOfWallClock, formatDateTime, wallClockAt } from './date-time.js';
import { serverFieldErrors } from './form/field-errors.js';
import { kitText } from './kit-texts.js';
import { TASK_NOTICE_SECONDS } from './list-page/actions.js';
import { browserOffset } from './preferences.js';
import { useOptionalSession } from './session.js';
import { ZonedDateTimePicker } from './ZonedDateTimePicker.js';

/** When a push or upgrade runs: `type` 1 immediate, 2 scheduled (console spec §3 Task). */
export interface ExecutionMode {
  type: 1 | 2;
  beginTime: number;
  endTime: number;
  /** The task's name (trimmed), when the dialog asks for one (`named`) and one was given. */
  name?: string;
}

/** A scheduled task covers one day less a second (console spec §4, §9). */
export const TASK_WINDOW_MS = 86_399_000;
const MIN_LEAD_MS = 5 * 60_000;
const NAME_MAX = 128;

/** The start of today in the zone: the firmware default window's begin (spec §9). */
export function startOfToday(now: number, zoneOffset: string): number {
  const { year, month, day } = wallClockAt(now, zoneOffset);
  return epochOfWallClock({ year, month, day, hour: 0, minute: 0 }, zoneOffset);
}

export interface ExecutionModeDialogProps {
  open: boolean;
  language: Language;
  /**
   * The chosen mode. A promise keeps the dialog open with OK loading while it runs; a refusal
   * (`ApiError`) is then shown in the dialog: the time's ('The Task Time must start after 5
   * minutes', 'time range error!') on the time, the name's on the name, any other above the
   * buttons with its `messageExt`. Resolving `false` means nothing was sent (the caller's own check
   * failed and shows why).
   */
  onOk(mode: ExecutionMode): unknown;
  onCancel(): void;
  /** Default "Task execution mode". */
  title?: string;
  /** What the task does, above the execution mode (a firmware and its devices, a firmware choice). */
  children?: ReactNode;
  /** Asks for a task name: optional when immediate, required when scheduled, at most 128 characters. */
  named?: boolean;
  /** A scheduled time's first value: the firmware default window's start (spec §9, start of today). */
  defaultBegin?: 'startOfToday';
  /**
   * Checks the 5-minute lead here (default). `false` leaves it to the server, whose clock is the
   * judge and which moves nothing: its refusal goes on the time.
   */
  checkLead?: boolean;
  /** After `onOk`'s promise resolves: "The task has been created" for 6 s (spec §9). */
  createsTask?: boolean;
  okDisabled?: boolean;
  width?: number;
  testId?: string;
}

interface Problems {
  time?: string;
  name?: string;
  other?: { message: string; detail: string | null };
}

/**
 * Task execution mode for pushes and upgrades: immediate, or scheduled at a time (in the user's
 * zone) with the window it may start in; optionally the task's name, and the caller's own content
 * above (what is pushed, to which devices).
 */
export function ExecutionModeDialog(props: ExecutionModeDialogProps) {
  const { open, language, onOk, onCancel, named = false, checkLead = true } = props;
  const t = (key: Parameters<typeof kitText>[0], values?: Record<string, string>) =>
    kitText(key, language, values);
  const [notices, noticeHolder] = message.useMessage();
  const [type, setType] = useState<1 | 2>(1);
  // The time is picked as a wall clock of the user's chosen zone, like every time the console shows.
  const zoneOffset = useOptionalSession()?.zoneOffset ?? browserOffset();
  const [time, setTime] = useState<number | undefined>();
  const [name, setName] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [running, setRunning] = useState(false);
  const [shownOpen, setShownOpen] = useState(open);
  if (shownOpen !== open) {
    // Each opening asks afresh.
    setShownOpen(open);
    if (open) {
      setType(1);
      setTime(undefined);
      setName('');
      setProblems({});
    }
  }

  const chooseType = (chosen: 1 | 2) => {
    setType(chosen);
    setProblems({});
    if (chosen === 2 && time === undefined && props.defaultBegin === 'startOfToday')
      setTime(startOfToday(Date.now(), zoneOffset));
  };

  const refused = (error: unknown) => {
    if (!isApiError(error)) return setProblems({});
    const onFields = serverFieldErrors(
      error,
      ['name', 'beginTime', 'endTime'],
      { taskTimeTooSoon: 'beginTime', timeRangeError: 'beginTime', nameTooLong: 'name' },
      language,
    );
    const found: Problems = {};
    for (const field of onFields) {
      const text = field.errors.join(' ');
      if (field.name === 'name') found.name = text;
      else found.time = found.time ?? text;
    }
    if (!onFields.length) found.other = { message: error.message, detail: error.messageExt };
    setProblems(found);
  };

  const submit = async () => {
    const found: Problems = {};
    const trimmed = name.trim();
    if (named && type === 2 && !trimmed) found.name = translate('fieldRequired', language);
    else if (named && trimmed.length > NAME_MAX) found.name = translate('nameTooLong', language);
    let beginTime = Date.now();
    if (type === 2) {
      if (time === undefined) found.time = t('taskTimeRequired');
      else if (checkLead && time < Date.now() + MIN_LEAD_MS)
        found.time = translate('taskTimeTooSoon', language);
      else beginTime = time;
    }
    setProblems(found);
    if (found.name || found.time) return;
    const mode: ExecutionMode = {
      type,
      beginTime,
      endTime: beginTime + TASK_WINDOW_MS,
      ...(named && trimmed ? { name: trimmed } : {}),
    };
    const answer = onOk(mode);
    if (!(answer instanceof Promise)) return;
    setRunning(true);
    try {
      const result = await answer;
      if (result !== false && props.createsTask)
        void notices.success({ content: commonText('taskCreated', language), duration: TASK_NOTICE_SECONDS });
    } catch (error) {
      // The api client has shown it too; here it stays beside what it is about.
      refused(error);
    } finally {
      setRunning(false);
    }
  };

  const help = (text: string | undefined, testId: string) =>
    text ? <span data-testid={testId}>{text}</span> : undefined;
  const zone = `GMT${zoneOffset}`;
  return (
    <>
      {noticeHolder}
      <Modal
        open={open}
        title={props.title ?? t('executionMode')}
        okText={commonText('ok', language)}
        cancelText={commonText('cancel', language)}
        okButtonProps={{
          loading: running,
          disabled: props.okDisabled === true,
          ...({ 'data-testid': 'execution-ok' } as object),
        }}
        onOk={() => void submit()}
        onCancel={onCancel}
        destroyOnHidden
        width={props.width ?? 520}
      >
        <Form layout="vertical" data-testid={props.testId}>
          {props.children}
          <Form.Item label={t('executionMode')}>
            <Radio.Group
              value={type}
              data-testid="execution-type"
              onChange={(e) => chooseType(e.target.value as 1 | 2)}
              options={[
                { value: 1, label: t('immediate') },
                { value: 2, label: t('scheduled') },
              ]}
            />
          </Form.Item>
          {type === 2 ? (
            <Form.Item
              label={t('taskTime')}
              validateStatus={problems.time ? 'error' : undefined}
              help={help(problems.time, 'execution-time-error')}
              extra={
                time === undefined
                  ? undefined
                  : t('taskWindow', {
                      begin: formatDateTime(time, zoneOffset),
                      end: formatDateTime(time + TASK_WINDOW_MS, zoneOffset),
                      zone,
                    })
              }
              required
            >
              <ZonedDateTimePicker
                zoneOffset={zoneOffset}
                value={time}
                data-testid="execution-time"
                onChange={(value) => {
                  setTime(value);
                  setProblems((current) => ({ ...current, time: undefined }));
                }}
              />
            </Form.Item>
          ) : null}
          {named ? (
            <Form.Item
              label={t('taskName')}
              required={type === 2}
              validateStatus={problems.name ? 'error' : undefined}
              help={help(problems.name, 'execution-name-error')}
            >
              <Input
                id="execution-task-name"
                value={name}
                maxLength={1000}
                onChange={(event) => {
                  setName(event.target.value);
                  setProblems((current) => ({ ...current, name: undefined }));
                }}
              />
            </Form.Item>
          ) : null}
          {problems.other ? (
            <Alert
              type="error"
              showIcon
              data-testid="execution-refusal"
              message={problems.other.message}
              description={problems.other.detail ?? undefined}
            />
          ) : null}
        </Form>
      </Modal>
    </>
  );
}

/**
 * The execution fields of a task call (spec §3 Task "Execution payload: type, name, deviceIds,
 * beginTime, endTime"): immediate sends no times (the server starts it now), scheduled its window.
 */
export function executionPayload(mode: ExecutionMode): {
  type: 1 | 2;
  name?: string;
  beginTime?: number;
  endTime?: number;
} {
  return {
    type: mode.type,
    ...(mode.name ? { name: mode.name } : {}),
    ...(mode.type === 2 ? { beginTime: mode.beginTime, endTime: mode.endTime } : {}),
  };
}

/** What a model, group or site push sends (spec §7 "Push bodies: type, deviceType 3, taskParam"). */
export function relationPushBody(
  relationName: 'model' | 'group' | 'site',
  relationId: number,
  mode: ExecutionMode,
) {
  return {
    type: mode.type,
    deviceType: 3,
    taskParam: { relationId, relationName, beginTime: mode.beginTime, endTime: mode.endTime },
  };
}
