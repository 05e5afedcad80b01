import type { Rule } from 'antd/es/form';
import { translate } from '../../messages.js';
import { useLanguage } from '../session.js';

export interface FieldRules {
  /** Not empty, in the spec's words (any value type: text, number, choice). */
  required: Rule;
  /** A required name (not only spaces) of at most 128 characters (spec §5 lengths). */
  name: Rule[];
  /** A description of at most 500 characters. */
  description: Rule[];
  /** At most 128 characters. */
  length128: Rule;
}

/** The spec's common field rules (§5) with its messages, in the session's language. */
export function useFieldRules(): FieldRules {
  const language = useLanguage();
  const message = translate('fieldRequired', language);
  // `whitespace` makes the rule a string rule: only on text fields.
  const required: Rule = { required: true, message };
  const length128: Rule = { max: 128, message: translate('nameTooLong', language) };
  return {
    required,
    length128,
    name: [{ required: true, whitespace: true, message }, length128],
    description: [{ max: 500, message: translate('descriptionTooLong', language) }],
  };
}
