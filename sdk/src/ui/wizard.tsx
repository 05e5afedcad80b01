import { Button, Card, Result, Steps } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { Language } from '../envelope.js';
import { textLookup } from './kit-texts.js';

/**
 * The add wizards (site, model template, group) create their relation and then hand over to the
 * parameters plugin's set-parameters screen, whose Save returns to the relation's list. The wizard
 * remembers what it created (for this browser tab), and the list shows the finish step for it,
 * after checking it still exists (Cancel on the set-parameters screen deletes it).
 */
export interface CreatedRelation {
  id: number;
  name: string;
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

/**
 * The finish step a list shows: what the area's wizard created last, once `exists` confirms it is
 * still there (it rejects when Cancel on the set-parameters screen deleted it). `close()` hides it.
 */
export function useWizardFinished(
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

const text = textLookup({ close: { en: 'Close', zh: '关闭' } });

export interface WizardFinishedProps {
  /** Every step title; all are shown done. */
  steps: readonly string[];
  title: string;
  subTitle?: string;
  language: Language;
  /** More actions beside Close (add another ...). */
  extra?: ReactNode;
  onClose(): void;
}

/** The wizard's last step, shown above the list the set-parameters screen returned to. */
export function WizardFinished({ steps, title, subTitle, language, extra, onClose }: WizardFinishedProps) {
  return (
    <Card data-testid="wizard-finished" style={{ marginBottom: 16 }}>
      <Steps
        size="small"
        current={steps.length - 1}
        status="finish"
        items={steps.map((step) => ({ title: step }))}
      />
      <Result
        status="success"
        title={title}
        subTitle={subTitle}
        style={{ paddingBlock: 16 }}
        extra={[
          extra,
          <Button key="close" onClick={onClose}>
            {text('close', language)}
          </Button>,
        ]}
      />
    </Card>
  );
}
