import { Button, Card, Result, Steps } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTexts } from './common-texts.js';

/**
 * The add wizards (site, model template, group) create their relation and then hand over to the
 * parameters plugin's set-parameters screen, which shows the wizard's steps (the area's own steps
 * travel in the location state, `wizardState`) and whose Save returns to the relation's list. The
 * wizard remembers what it created (for this browser tab), and the list shows the finish step for
 * it, after checking it still exists (Cancel on the set-parameters screen deletes it).
 */
export interface CreatedRelation {
  id: number;
  name: string;
}

/** Location state of the set-parameters screen reached from a wizard: the area's own steps. */
export interface WizardState {
  wizardSteps: readonly string[];
}

/** The state a wizard's Next passes to the set-parameters screen (`navigate(path, { state })`). */
export function wizardState(steps: readonly string[]): WizardState {
  return { wizardSteps: [...steps] };
}

/** The area's steps when the screen was reached from a wizard; undefined otherwise. */
export function wizardStepsOf(state: unknown): readonly string[] | undefined {
  if (typeof state !== 'object' || state === null || !('wizardSteps' in state)) return undefined;
  const steps = (state as { wizardSteps: unknown }).wizardSteps;
  return Array.isArray(steps) && steps.length > 0 && steps.every((step) => typeof step === 'string')
    ? (steps as string[])
    : undefined;
}

const key = (area: string) => `pf.wizard.${area}`;

export function rememberCreated(area: string, relation: CreatedRelation): void {
  try {
    globalThis.sessionStorage?.setItem(key(area), JSON.stringify(relation));
  } catch {
    // storage disabled: the list then shows no finish step
  }
}

/** What the area's wizard created last, once: reading forgets it. */
export function takeCreated(area: string): CreatedRelation | undefined {
  try {
    const raw = globalThis.sessionStorage?.getItem(key(area));
    globalThis.sessionStorage?.removeItem(key(area));
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as Partial<CreatedRelation>;
    return typeof parsed.id === 'number' && typeof parsed.name === 'string'
      ? { id: parsed.id, name: parsed.name }
      : undefined;
  } catch {
    return undefined;
  }
}

/** What the area's wizard created last, once `exists` confirms it is still there. */
function useWizardFinished(
  area: string,
  exists: (id: number) => Promise<unknown>,
  onFound?: (relation: CreatedRelation) => void,
): [CreatedRelation | null, () => void] {
  const [finished, setFinished] = useState<CreatedRelation | null>(null);
  const calls = useRef({ exists, onFound });
  calls.current = { exists, onFound };
  useEffect(() => {
    const created = takeCreated(area);
    if (!created) return;
    calls.current
      .exists(created.id)
      .then(() => {
        setFinished(created);
        calls.current.onFound?.(created);
      })
      .catch(() => undefined);
  }, [area]);
  return [finished, () => setFinished(null)];
}

export interface WizardStepsProps {
  /** The area's own steps (basic information, group device ...); Set parameters and Finish follow. */
  steps: readonly string[];
  /** The active step, or 'finished' (every step done). */
  current: number | 'finished';
  /**
   * Default true: the kit's Set parameters step follows the area's own (relation wizards). False
   * for a wizard that saves on its own last step (alarm strategy): only Finish follows.
   */
  withParameters?: boolean;
}

/** The steps bar of a wizard (spec §2: site, model template, group and alarm strategy wizards). */
export function WizardSteps({ steps, current, withParameters = true }: WizardStepsProps) {
  const t = useTexts();
  const all = [...steps, ...(withParameters ? [t('stepParams')] : []), t('stepFinish')];
  return (
    <Steps
      size={current === 'finished' ? 'small' : 'default'}
      current={current === 'finished' ? all.length - 1 : current}
      status={current === 'finished' ? 'finish' : 'process'}
      items={all.map((title) => ({ title }))}
      style={current === 'finished' ? undefined : { maxWidth: 240 * all.length, marginBottom: 32 }}
    />
  );
}

export interface WizardFinishedProps {
  /** The relation the wizard creates ('site', 'model', 'group'). */
  area: string;
  /** The area's own steps, as `WizardSteps` takes them. */
  steps: readonly string[];
  /** As `WizardSteps` takes it (default true). */
  withParameters?: boolean;
  /** Rejects when the relation is gone (Cancel on the set-parameters screen deleted it). */
  exists(id: number): Promise<unknown>;
  title(name: string): string;
  subTitle?: string;
  onFound?(relation: CreatedRelation): void;
  /** More actions beside Close (add another ...). */
  extra?: ReactNode;
}

/**
 * The wizard's last step, shown above the list the set-parameters screen returned to: what the
 * area's wizard created last, once it is confirmed to still exist. Close hides it.
 */
export function WizardFinished({
  area,
  steps,
  withParameters = true,
  exists,
  title,
  subTitle,
  onFound,
  extra,
}: WizardFinishedProps) {
  const t = useTexts();
  const [finished, close] = useWizardFinished(area, exists, onFound);
  if (!finished) return null;
  return (
    <Card data-testid="wizard-finished" style={{ marginBottom: 16 }}>
      <WizardSteps steps={steps} current="finished" withParameters={withParameters} />
      <Result
        status="success"
        title={title(finished.name)}
        subTitle={subTitle}
        style={{ paddingBlock: 16 }}
        extra={[
          extra,
          <Button key="close" onClick={close}>
            {t('close')}
          </Button>,
        ]}
      />
    </Card>
  );
}
