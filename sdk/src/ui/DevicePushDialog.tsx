import { Form, message, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import type { Language } from '../envelope.js';
import type { FilePushReply, NotSentGroup } from '../firmware.js';
import { translate } from '../messages.js';
import { commonText } from './common-texts.js';
import {
  type ExecutionMode,
  ExecutionModeDialog,
  type ExecutionModeDialogProps,
} from './ExecutionModeDialog.js';
import { kitText } from './kit-texts.js';
import { DevicePicker, type DevicePickerProps } from './list-page/DevicePicker.js';
import { useLanguage } from './session.js';

/** The devices chosen in the dialog, with the kit's `DevicePicker`. */
export interface DevicePushPicker {
  /** The field's label; default "Devices". */
  label?: string;
  /** Under the picker (the models a firmware is for). */
  extra?: ReactNode;
  /** The site the picker starts at (a resource's site); another site starts it afresh. */
  siteId?: number | undefined;
  /** Remembers the picker's column choice per user. */
  tableId: string;
  /** The picker's test ids, and `error` the one of "Please select at least one device". */
  testIds?: DevicePickerProps['testIds'] & { error?: string };
}

export interface DevicePushDialogProps
  extends Pick<ExecutionModeDialogProps, 'defaultBegin' | 'checkLead' | 'okDisabled' | 'testId'> {
  open: boolean;
  /** The task type's name ("Firmware upgrade", "Ringtone push"). */
  title: string;
  /** What is pushed, on top (a firmware, a resource). */
  summary?: ReactNode;
  /** Chosen here (a picker), or already chosen (their ids: "N device(s) selected"). */
  devices: DevicePushPicker | number[];
  /** The task's own choice under the devices (the firmware for the chosen devices). */
  children?: ReactNode;
  /**
   * Posts the task. The dialog stays open with OK loading while it runs, shows a refusal in place
   * (on the time, the name, or above the buttons) and closes once it resolves, with "The task has
   * been created" for 6 s. Resolving `false` means nothing was sent (the caller's own check failed
   * and shows why). The devices the reply says were left out are named, with why, for 10 s.
   */
  onOk(mode: ExecutionMode, deviceIds: number[]): Promise<FilePushReply | undefined> | false;
  onClose(): void;
  /** Default 960 (room for the picker). */
  width?: number;
}

/**
 * A push to devices (a firmware upgrade, a resource push): the kit's execution mode and task name
 * (required when scheduled) under what is pushed and to which devices. With a picker, OK without a
 * device says "Please select at least one device" and sends nothing; each opening starts with none.
 */
export function DevicePushDialog(props: DevicePushDialogProps) {
  const { open, title, summary, devices, children, onOk, onClose, width = 960, ...execution } = props;
  const language = useLanguage();
  const picker = Array.isArray(devices) ? null : devices;
  const given = Array.isArray(devices) ? devices : [];
  const [picked, setPicked] = useState<number[]>([]);
  const [pickError, setPickError] = useState<string | null>(null);
  const [notices, noticeHolder] = message.useMessage();
  const [shownOpen, setShownOpen] = useState(open);
  if (shownOpen !== open) {
    // Each opening asks afresh.
    setShownOpen(open);
    if (open) {
      setPicked([]);
      setPickError(null);
    }
  }

  const push = async (mode: ExecutionMode) => {
    if (picker && picked.length === 0) {
      setPickError(translate('taskDevicesRequired', language));
      return false;
    }
    const answer = onOk(mode, picker ? picked : given);
    if (answer === false) return false;
    for (const group of (await answer)?.notSentTo ?? []) void notices.warning(leftOut(group, language));
    onClose();
    return true;
  };

  return (
    <>
      {noticeHolder}
      <ExecutionModeDialog
        {...execution}
        open={open}
        language={language}
        title={title}
        named
        createsTask
        width={width}
        onCancel={onClose}
        onOk={push}
      >
        {summary}
        {picker ? (
          <RequiredChoice
            label={picker.label ?? kitText('pushDevices', language)}
            extra={picker.extra}
            error={pickError}
            errorTestId={picker.testIds?.error}
          >
            <DevicePicker
              key={picker.siteId ?? ''}
              tableId={picker.tableId}
              siteId={picker.siteId}
              value={picked}
              onChange={(ids) => {
                setPicked(ids);
                setPickError(null);
              }}
              clearable
              scrollY={260}
              testIds={picker.testIds}
            />
          </RequiredChoice>
        ) : (
          <Typography.Paragraph type="secondary">
            {commonText('devicesSelected', language, { count: given.length })}
          </Typography.Paragraph>
        )}
        {children}
      </ExecutionModeDialog>
    </>
  );
}

function leftOut(group: NotSentGroup, language: Language) {
  const content = kitText('notSentToDevices', language, {
    count: group.devices,
    models: group.models.join(', '),
    reason: language === 'zh-CN' ? group.reason.zh : group.reason.en,
  });
  return { content, duration: 10 };
}

export interface RequiredChoiceProps {
  label: ReactNode;
  /** Why OK was refused ("Please select at least one device"); null once the choice changes. */
  error: string | null;
  errorTestId?: string | undefined;
  extra?: ReactNode;
  children: ReactNode;
}

/** A choice a dialog requires (devices, a firmware), marked so, with why OK was refused under it. */
export function RequiredChoice({ label, error, errorTestId, extra, children }: RequiredChoiceProps) {
  return (
    <Form.Item
      label={label}
      required
      validateStatus={error ? 'error' : undefined}
      help={error ? <span data-testid={errorTestId}>{error}</span> : undefined}
      extra={extra}
    >
      {children}
    </Form.Item>
  );
}
