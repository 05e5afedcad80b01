import type {
  DiagnosticAction,
  DiagnosticDeviceSettings,
  DiagnosticSessionRow,
  DiagnosticStartBody,
} from '@phonefleet/sdk';
import { useTexts } from '@phonefleet/sdk/ui';
import { Button, Card, Form, Space, Typography } from 'antd';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { startSession } from '../api.js';
import { isLive } from '../session-state.js';
import { useDiagnosticStream } from '../stream/use-diagnostic-stream.js';
import { ACTION_TEXT, diagnosticText } from '../texts.js';
import { SessionPanel } from './SessionPanel.js';

/** What an action adds to `POST /diagnostics/start` beyond the device and the action. */
export type StartOptions = Omit<DiagnosticStartBody, 'deviceId' | 'action'>;

/** What every action of the diagnosis screen gets from the page. */
export interface ActionProps {
  /** Undefined while loading; an unsupported device disables the action. */
  device: DiagnosticDeviceSettings | undefined;
  /** A session of this action to show at first (opened from the history's Watch). */
  watched?: DiagnosticSessionRow | undefined;
  /** A session started here, or the one shown ended (the history shows it). */
  onChange?(): void;
}

export interface ActionCardProps<Values extends object> extends ActionProps {
  action: DiagnosticAction;
  /** The start button's name: "Start", or by default the action's own ("Ping"). */
  startLabel?: string;
  initialValues?: Values;
  /** The action's fields (antd `Form.Item`s of this card's form, named after `Values`). */
  fields?: ReactNode;
  body?(values: Values): StartOptions;
  /** A line under the form (the capture limit). */
  hint?: ReactNode;
}

/**
 * One action of the diagnosis screen, a region named by the action: its fields, validated as the
 * user submits; the start button (disabled while its session runs or when the device cannot be
 * diagnosed); then the last session it started, or the one being watched, as it runs.
 */
export function ActionCard<Values extends object>(props: ActionCardProps<Values>) {
  const { action, device, watched } = props;
  const t = useTexts(diagnosticText);
  const title = t(ACTION_TEXT[action]);
  const headingId = useId();
  const [form] = Form.useForm<Values>();
  const [current, setCurrent] = useState(watched);
  useEffect(() => {
    if (watched) setCurrent(watched);
  }, [watched]);
  const stream = useDiagnosticStream(current);
  const [starting, setStarting] = useState(false);
  const usable = device?.supported === true;
  const running = stream.session ? isLive(stream.session.state) : false;
  const ended = stream.session !== undefined && !running;
  const { onChange } = props;
  useEffect(() => {
    if (ended) onChange?.();
  }, [ended, onChange]);

  const start = async (values: Values) => {
    if (!device) return;
    setStarting(true);
    try {
      setCurrent(await startSession({ deviceId: device.deviceId, action, ...props.body?.(values) }));
      onChange?.();
    } catch {
      // shown by the api client
    } finally {
      setStarting(false);
    }
  };

  return (
    <section aria-labelledby={headingId} data-testid={`action-${action}`} style={{ height: '100%' }}>
      <Card
        size="small"
        style={{ height: '100%' }}
        title={
          <Typography.Title level={5} id={headingId} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
        }
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Form<Values>
            form={form}
            name={action}
            layout="inline"
            disabled={!usable}
            initialValues={props.initialValues}
            onFinish={start}
          >
            {props.fields}
            <Form.Item>
              <Button type="primary" htmlType="submit" loading={starting} disabled={!usable || running}>
                {props.startLabel ?? title}
              </Button>
            </Form.Item>
          </Form>
          {props.hint ? <Typography.Text type="secondary">{props.hint}</Typography.Text> : null}
          {stream.session ? <SessionPanel stream={{ ...stream, session: stream.session }} /> : null}
        </Space>
      </Card>
    </section>
  );
}
