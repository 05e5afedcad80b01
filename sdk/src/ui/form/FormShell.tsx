import { Alert, Button, Card, Form, type FormProps, Result, Space, Spin, Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTexts } from '../common-texts.js';
import { useLeaveGuard } from '../use-leave-guard.js';
import { takeCreated, WizardSteps } from '../wizard.js';
import type { FormShellState } from './use-form-shell.js';

export interface WizardForm {
  /** The relation the wizard creates ('site', 'model', 'group'). */
  area: string;
  /** The area's own steps (Set parameters and Finish follow) and the active one. */
  steps: readonly string[];
  current: number;
  /** Default true; false when the wizard saves on its own last step (see `WizardSteps`). */
  withParameters?: boolean;
  /** On to the next step; after the form's last one, the set-parameters screen (or the save). */
  onNext(): void;
  /** The Next button's label (default Next; a wizard's last step that saves: Finish). */
  nextLabel?: string;
  /** Back to the previous step. */
  onBack?(): void;
  /** Save and return to the list (when editing). */
  onSave?(): void;
  nextTestId?: string;
  /** Default: while saving. */
  busy?: boolean;
}

export interface FormShellProps<Values> {
  shell: FormShellState<Values>;
  title?: string;
  testId?: string;
  /** The record to edit is loading. */
  loading?: boolean;
  /** The record to edit does not exist: this text, and Cancel. */
  missing?: string | undefined;
  /** A relation wizard's form (site, model template, group): its own steps and their buttons. */
  wizard?: WizardForm;
  /** Above the form (a note, a warning). */
  notice?: ReactNode;
  /** The buttons after Cancel (Back, Save, Next). */
  buttons?: ReactNode;
  cancelLabel?: string;
  /** Shown, not edited (the buttons stay usable). */
  readOnly?: boolean;
  /** Default true; false inside a dialog. */
  card?: boolean;
  /** Form width (default 560 px; `false`: the page's width). */
  width?: number | false;
  formProps?: Omit<FormProps<Values>, 'form' | 'onValuesChange' | 'children' | 'disabled'>;
  children?: ReactNode;
}

function WizardButtons({ wizard, busy }: { wizard: WizardForm; busy: boolean }) {
  const t = useTexts();
  return (
    <>
      {wizard.onBack ? <Button onClick={wizard.onBack}>{t('previous')}</Button> : null}
      {wizard.onSave ? (
        <Button onClick={wizard.onSave} loading={busy}>
          {t('save')}
        </Button>
      ) : null}
      <Button type="primary" onClick={wizard.onNext} loading={busy} data-testid={wizard.nextTestId}>
        {wizard.nextLabel ?? t('next')}
      </Button>
    </>
  );
}

/** Asks before leaving a changed form (in-app navigation, Back, reload, close). */
function LeaveGuard<Values>({ shell }: { shell: FormShellState<Values> }) {
  const t = useTexts();
  const guard = useLeaveGuard(shell.dirty, (leave, stay) => {
    void shell
      .confirm({
        title: t('unsavedTitle'),
        content: t('unsavedLeave'),
        okText: t('leave'),
        cancelText: t('stay'),
      })
      .then((ok) => (ok ? leave() : stay()));
  });
  shell.guardRef.current = guard;
  return null;
}

/**
 * The add/edit form every area shares: title (and a wizard's steps), the server's refusal above
 * the form when it names no field, the fields, then Cancel and the page's buttons. Cancel leaves
 * without saving and without asking; any other way out of a changed form asks first.
 */
export function FormShell<Values>(props: FormShellProps<Values>) {
  const { shell, testId, wizard, width = 560, card = true } = props;
  const t = useTexts();
  const area = wizard?.area;
  useEffect(() => {
    // Back on a wizard's first steps (Cancel on set parameters): no finish step is pending.
    if (area) takeCreated(area);
  }, [area]);

  if (props.loading) return <Spin style={{ display: 'block', padding: 64 }} />;
  const cancel = (
    <Button onClick={shell.cancel} disabled={shell.saving}>
      {props.cancelLabel ?? t('cancel')}
    </Button>
  );
  if (props.missing) return <Result status="warning" title={props.missing} extra={cancel} />;

  const body = (
    <>
      {shell.holder}
      {shell.guarded ? <LeaveGuard shell={shell} /> : null}
      {props.title ? (
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {props.title}
        </Typography.Title>
      ) : null}
      {wizard ? (
        <WizardSteps
          steps={wizard.steps}
          current={wizard.current}
          withParameters={wizard.withParameters ?? true}
        />
      ) : null}
      {props.notice}
      {shell.refusal ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={shell.refusal}
          data-testid={testId ? `${testId}-error` : undefined}
        />
      ) : null}
      <Form<Values>
        layout="vertical"
        {...props.formProps}
        style={{ ...(width ? { maxWidth: width } : {}), ...props.formProps?.style }}
        form={shell.form}
        disabled={shell.saving || props.readOnly}
        onValuesChange={(changed) => shell.onValuesChange(changed as object)}
      >
        {props.children}
        <Form.Item label={props.formProps?.layout === 'horizontal' ? ' ' : undefined} colon={false}>
          <Space>
            {cancel}
            {wizard ? <WizardButtons wizard={wizard} busy={wizard.busy ?? shell.saving} /> : null}
            {props.buttons}
          </Space>
        </Form.Item>
      </Form>
    </>
  );
  return card ? <Card data-testid={testId}>{body}</Card> : <div data-testid={testId}>{body}</div>;
}
