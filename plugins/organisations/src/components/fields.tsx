import type { OrganisationOption } from '@phonefleet/sdk';
import { translate, useFieldRules, useLanguage, useTexts } from '@phonefleet/sdk/ui';
import { Form, Input, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useState } from 'react';
import { fetchChannelOptions } from '../api.js';
import { orgText } from '../texts.js';

/** Spec §5: names required, at most 128; the register email required, valid, at most 128. */
export function useOrganisationRules(): { name: Rule[]; email: Rule[]; length128: Rule[]; required: Rule[] } {
  const rules = useFieldRules();
  const language = useLanguage();
  return {
    name: rules.name,
    email: [
      { required: true, whitespace: true, message: translate('fieldRequired', language) },
      { type: 'email', message: translate('emailInvalid', language) },
      rules.length128,
    ],
    length128: [rules.length128],
    required: [
      { required: true, whitespace: true, message: translate('fieldRequired', language) },
      rules.length128,
    ],
  };
}

/** Spaces around an address are never meant. */
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** The fields channels and enterprises share after their name: register email, contact, phone. */
export function ContactFields() {
  const t = useTexts(orgText);
  const rules = useOrganisationRules();
  return (
    <>
      <Form.Item
        name="email"
        label={t('email')}
        extra={t('emailHint')}
        rules={rules.email}
        normalize={trimmed}
      >
        <Input data-testid="org-email" autoComplete="off" />
      </Form.Item>
      <Form.Item name="contact" label={t('contact')} rules={rules.length128}>
        <Input data-testid="org-contact" />
      </Form.Item>
      <Form.Item name="phone" label={t('phone')} rules={rules.length128}>
        <Input data-testid="org-phone" />
      </Form.Item>
    </>
  );
}

function optionsOf(
  options: OrganisationOption[],
  exclude: number | undefined,
  current: { id: number; name: string } | null | undefined,
): { value: number; label: string }[] {
  const shown = options
    .filter((option) => option.id !== exclude)
    .map((option) => ({ value: option.id, label: option.name }));
  // A channel user's own channel is not below it, so /allChannel does not list it.
  if (current && !shown.some((option) => option.value === current.id))
    shown.unshift({ value: current.id, label: current.name });
  return shown;
}

/**
 * A channel chosen from `POST /allChannel` (those the caller may put something under); empty: the
 * caller's own organisation. `exclude` leaves one channel out (a channel is not its own parent).
 */
export function ChannelSelect(props: {
  /** Set by the form item: its label points at the control. */
  id?: string;
  value?: number | null;
  onChange?(value: number | null): void;
  disabled?: boolean;
  exclude?: number;
  /** The chosen channel as the edited row names it: shown even when the picker's list lacks it. */
  current?: { id: number; name: string } | null;
  testId?: string;
}) {
  const t = useTexts(orgText);
  const [options, setOptions] = useState<OrganisationOption[]>();
  useEffect(() => {
    let current = true;
    fetchChannelOptions()
      .then((found) => current && setOptions(found))
      .catch(() => current && setOptions([]));
    return () => {
      current = false;
    };
  }, []);
  return (
    <Select<number | null>
      id={props.id}
      allowClear
      showSearch
      optionFilterProp="label"
      loading={options === undefined}
      disabled={props.disabled}
      placeholder={t('noChannel')}
      data-testid={props.testId}
      value={props.value ?? null}
      onChange={(value) => props.onChange?.(value ?? null)}
      options={optionsOf(options ?? [], props.exclude, props.current)}
    />
  );
}
