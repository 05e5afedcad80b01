import {
  FormShell,
  rememberCreated,
  type ServerFieldErrors,
  useEditedRecord,
  useFormShell,
  useTexts,
} from '@phonefleet/sdk/ui';
import { Form, message } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { fetchStrategy, saveStrategy } from '../api.js';
import { BasicStep } from '../components/steps/BasicStep.js';
import { ContentStep } from '../components/steps/ContentStep.js';
import { DeviceStep } from '../components/steps/DeviceStep.js';
import { ReceiverStep } from '../components/steps/ReceiverStep.js';
import { STRATEGY_LIST, STRATEGY_WIZARD } from '../links.js';
import {
  NEW_STRATEGY,
  recordOf,
  STEP_FIELDS,
  type StrategyValues,
  stepOfField,
  useStrategySteps,
  valuesOf,
} from '../strategy-form.js';
import { alarmText } from '../texts.js';

/**
 * The service's refusals about one field. Schema refusals (the other rules of spec §5) name their
 * field in `messageExt` (`siteIds: strategyDevicesRequired`), which the kit reads on its own.
 */
const FIELD_ERRORS: ServerFieldErrors = {
  strategyNameExists: 'name',
  strategyReceiversRequired: 'receiverIds',
};

/**
 * The alarm strategy wizard (spec §2: basic information, alarm receiver, alarm content, devices):
 * /alarmStrategy/addStrategy and /alarmStrategy/editStrategy?id=. Every step checks its own rule
 * (spec §5) before Next; Finish checks them all, saves through `addOrEdit` and returns to the list
 * (an add shows the finish step there). A refusal goes on its field and opens that field's step.
 * Editing, Save on any step does the same as Finish.
 */
export function StrategyWizardPage({ mode }: { mode: 'add' | 'edit' }) {
  const t = useTexts(alarmText);
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const editId = Number(query.get('id')) || 0;
  const [form] = Form.useForm<StrategyValues>();
  const shell = useFormShell({ form, cancelTo: STRATEGY_LIST, fieldErrors: FIELD_ERRORS });
  const steps = useStrategySteps();
  const last = steps.length - 1;
  const [step, setStep] = useState(0);
  // The form mounts once the strategy is loaded (FormShell shows a spinner until then), with it.
  const strategy = useEditedRecord(mode === 'edit' ? editId : undefined, (id) => fetchStrategy(id, true));

  const passes = (index: number) =>
    form.validateFields([...(STEP_FIELDS[index] ?? [])]).then(
      () => true,
      () => false,
    );

  const next = async () => {
    if (await passes(step)) setStep(step + 1);
  };

  const finish = async () => {
    for (let index = 0; index <= last; index++) {
      if (!(await passes(index))) return setStep(index);
    }
    let saved = false;
    await shell.submit(
      async (values) => {
        const record = recordOf({ ...NEW_STRATEGY, ...values }, strategy?.id);
        const { id } = await saveStrategy(record);
        saved = true;
        if (mode === 'add') rememberCreated(STRATEGY_WIZARD, { id, name: record.name });
        else void message.success(t('saved'));
        navigate(STRATEGY_LIST);
      },
      { validate: false },
    );
    if (saved) return;
    const refused = form
      .getFieldsError()
      .filter((field) => field.errors.length > 0)
      .map((field) => stepOfField(String(field.name[0])));
    if (refused.length > 0) setStep(Math.min(...refused));
  };

  const lastStep = step === last;
  return (
    <FormShell
      shell={shell}
      title={mode === 'add' ? t('addStrategy') : t('editStrategy')}
      testId="strategy-form"
      loading={strategy === undefined}
      missing={mode === 'edit' && strategy === null ? t('notFound') : undefined}
      formProps={{ initialValues: strategy ? valuesOf(strategy) : NEW_STRATEGY }}
      width={step === 0 ? 560 : false}
      wizard={{
        area: STRATEGY_WIZARD,
        steps,
        current: step,
        withParameters: false,
        ...(step > 0 ? { onBack: () => setStep(step - 1) } : {}),
        ...(mode === 'edit' && !lastStep ? { onSave: () => void finish() } : {}),
        onNext: () => void (lastStep ? finish() : next()),
        nextLabel: lastStep ? t('stepFinish') : t('next'),
        nextTestId: lastStep ? 'strategy-finish' : 'strategy-next',
      }}
    >
      {/* Every step stays mounted (hidden) so Finish checks and sends all of them. */}
      {[
        <BasicStep key="basic" />,
        <ReceiverStep key="receiver" />,
        <ContentStep key="content" />,
        <DeviceStep key="devices" disabled={shell.saving} />,
      ].map((content, index) => (
        <div key={content.key} data-step={index} style={{ display: index === step ? undefined : 'none' }}>
          {content}
        </div>
      ))}
    </FormShell>
  );
}
