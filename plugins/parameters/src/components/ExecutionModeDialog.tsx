import type { Language } from '@phonefleet/sdk';
import { DatePicker, type DatePickerProps, Form, Modal, Radio } from 'antd';
import { useState } from 'react';
import type { ExecutionMode } from '../api.js';
import { paramText } from '../texts.js';

type PickedDate = Parameters<NonNullable<DatePickerProps['onChange']>>[0];

/** A scheduled task covers one day less a second (console spec §4). */
const WINDOW_MS = 86_399_000;
const MIN_LEAD_MS = 5 * 60_000;

export interface ExecutionModeDialogProps {
  open: boolean;
  language: Language;
  onOk(mode: ExecutionMode): void;
  onCancel(): void;
}

/** Task execution mode for model, group and site pushes: immediate, or scheduled at a time. */
export function ExecutionModeDialog({ open, language, onOk, onCancel }: ExecutionModeDialogProps) {
  const t = (key: Parameters<typeof paramText>[0]) => paramText(key, language);
  const [type, setType] = useState<1 | 2>(1);
  const [time, setTime] = useState<PickedDate | null>(null);
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
    const begin = time.valueOf();
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
      okText={t('ok')}
      cancelText={t('cancel')}
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
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY/MM/DD HH:mm"
              value={time}
              disabledDate={(d) => d.endOf('day').valueOf() < Date.now()}
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
