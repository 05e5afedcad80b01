import { Form, Modal, Radio } from 'antd';
import { useState } from 'react';
import type { Language } from '../envelope.js';
import { commonText } from './common-texts.js';
import { textLookup } from './kit-texts.js';
import { browserOffset } from './preferences.js';
import { useOptionalSession } from './session.js';
import { ZonedDateTimePicker } from './ZonedDateTimePicker.js';

/** When a model, group or site push runs: `type` 1 immediate, 2 scheduled (console spec §3 Task). */
export interface ExecutionMode {
  type: 1 | 2;
  beginTime: number;
  endTime: number;
}

/** A scheduled task covers one day less a second (console spec §4). */
const WINDOW_MS = 86_399_000;
const MIN_LEAD_MS = 5 * 60_000;

const text = textLookup({
  executionMode: { en: 'Task execution mode', zh: '任务执行方式' },
  immediate: { en: 'Immediate', zh: '立即执行' },
  scheduled: { en: 'Scheduled', zh: '定时执行' },
  taskTime: { en: 'Task time', zh: '任务时间' },
  taskTimeRequired: { en: 'Please select the task time', zh: '请选择任务时间' },
  taskTimeTooSoon: { en: 'The Task Time must start after 5 minutes', zh: '任务时间必须在 5 分钟之后' },
});

export interface ExecutionModeDialogProps {
  open: boolean;
  language: Language;
  onOk(mode: ExecutionMode): void;
  onCancel(): void;
}

/** Task execution mode for model, group and site pushes: immediate, or scheduled at a time. */
export function ExecutionModeDialog({ open, language, onOk, onCancel }: ExecutionModeDialogProps) {
  const t = (key: Parameters<typeof text>[0]) => text(key, language);
  const [type, setType] = useState<1 | 2>(1);
  // The time is picked as a wall clock of the user's chosen zone, like every time the console shows.
  const zoneOffset = useOptionalSession()?.zoneOffset ?? browserOffset();
  const [time, setTime] = useState<number | undefined>();
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (type === 1) {
      const now = Date.now();
      onOk({ type, beginTime: now, endTime: now + WINDOW_MS });
      return;
    }
    if (!time) {
      setError(t('taskTimeRequired'));
      return;
    }
    const begin = time;
    if (begin < Date.now() + MIN_LEAD_MS) {
      setError(t('taskTimeTooSoon'));
      return;
    }
    onOk({ type, beginTime: begin, endTime: begin + WINDOW_MS });
  };

  return (
    <Modal
      open={open}
      title={t('executionMode')}
      okText={commonText('ok', language)}
      cancelText={commonText('cancel', language)}
      onOk={submit}
      onCancel={onCancel}
      destroyOnHidden
      width={520}
    >
      <Form layout="vertical">
        <Form.Item label={t('executionMode')}>
          <Radio.Group
            value={type}
            onChange={(e) => {
              setType(e.target.value as 1 | 2);
              setError(null);
            }}
            options={[
              { value: 1, label: t('immediate') },
              { value: 2, label: t('scheduled') },
            ]}
          />
        </Form.Item>
        {type === 2 ? (
          <Form.Item
            label={t('taskTime')}
            validateStatus={error ? 'error' : undefined}
            help={error ?? undefined}
            required
          >
            <ZonedDateTimePicker
              zoneOffset={zoneOffset}
              value={time}
              data-testid="execution-time"
              onChange={(value) => {
                setTime(value);
                setError(null);
              }}
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
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
