import { Modal } from 'antd';
import type { FormInstance } from 'antd/es/form';
import { type ReactNode, type RefObject, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../api-error.js';
import { useTexts } from '../common-texts.js';
import { useLanguage } from '../session.js';
import { type ServerFieldErrors, serverFieldErrors } from './field-errors.js';

export interface FormShellOptions<Values> {
  form: FormInstance<Values>;
  /** Where Cancel goes (the area's list, or a callback); without it, back one page. */
  cancelTo?: string | (() => void);
  /** Server messages shown on a field rather than above the form (a taken name → the name field). */
  fieldErrors?: ServerFieldErrors;
  /** Ask before leaving with unsaved changes (default true; off in a dialog: one guard per screen). */
  guard?: boolean;
}

export interface FormShellState<Values> {
  form: FormInstance<Values>;
  saving: boolean;
  /** The server's refusal that names no field of the form, shown above it until the next try. */
  refusal: string | null;
  /**
   * Validates (unless `validate: false`), then saves; navigation inside `save` passes the leave
   * guard. `save` resolving `false` means nothing was saved (the user changed their mind). A refusal
   * goes on the field it names or above the form (the api client has shown it too).
   */
  submit(save: (values: Values) => Promise<unknown>, options?: { validate?: boolean }): Promise<void>;
  /** Leaves without saving and without asking. */
  cancel(): void;
  /** A change the form's fields do not see (a picker outside them): leaving asks now. */
  changed(): void;
  /** Asks a question before saving (spec §8 confirmations); resolves whether the user agreed. */
  confirm(question: {
    title: string;
    content: string;
    okText?: string;
    cancelText?: string;
  }): Promise<boolean>;
  guarded: boolean;
  dirty: boolean;
  /** Filled by the shell's leave guard. */
  guardRef: RefObject<{ release(): void; rearm(): void } | null>;
  holder: ReactNode;
  onValuesChange(changed: object): void;
}

/** The state of an add/edit form: saving, refusals, Cancel and the leave guard (render `FormShell`). */
export function useFormShell<Values>(options: FormShellOptions<Values>): FormShellState<Values> {
  const { form, cancelTo, fieldErrors = {}, guard = true } = options;
  const language = useLanguage();
  const t = useTexts();
  const navigate = useNavigate();
  const [modal, holder] = Modal.useModal();
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const guardRef = useRef<{ release(): void; rearm(): void } | null>(null);

  const changed = () => {
    guardRef.current?.rearm();
    setDirty(true);
  };

  return {
    form,
    saving,
    refusal,
    guarded: guard,
    dirty,
    guardRef,
    holder,
    changed,
    onValuesChange: (values) => {
      // A server refusal on a field goes once the field changes (rules validate it again).
      form.setFields(Object.keys(values).map((name) => ({ name: name as never, errors: [] })));
      changed();
    },
    cancel: () => {
      guardRef.current?.release();
      if (typeof cancelTo === 'function') cancelTo();
      else if (cancelTo) navigate(cancelTo);
      else navigate(-1);
    },
    confirm: (question) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title: question.title,
          content: question.content,
          okText: question.okText ?? t('ok'),
          cancelText: question.cancelText ?? t('cancel'),
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    submit: async (save, { validate = true } = {}) => {
      let values: Values;
      if (validate) {
        const valid = await form.validateFields().catch(() => null);
        if (!valid) return;
        values = valid;
      } else {
        values = form.getFieldsValue(true) as Values;
      }
      setRefusal(null);
      guardRef.current?.release();
      setSaving(true);
      try {
        if ((await save(values)) === false) guardRef.current?.rearm();
        else setDirty(false);
      } catch (error) {
        guardRef.current?.rearm();
        if (!isApiError(error)) return;
        const fields = form.getFieldsError().map((field) => String(field.name[0]));
        const onFields = serverFieldErrors(error, fields, fieldErrors, language);
        if (onFields.length > 0)
          form.setFields(onFields.map(({ name, errors }) => ({ name: name as never, errors })));
        else setRefusal(error.message);
      } finally {
        setSaving(false);
      }
    },
  };
}
