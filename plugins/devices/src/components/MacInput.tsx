import { Input, type InputRef } from 'antd';
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import {
  groupsOf,
  joinGroups,
  MAC_GROUP_MAX_TYPED,
  MAC_GROUPS,
  splitPastedMac,
  typeIntoGroup,
} from '../mac.js';

export interface MacInputProps {
  /** Groups joined with ':' (`00:15:65:aa:bb:cc`, or partial while typing); '' when empty. */
  value?: string;
  onChange?(value: string): void;
  disabled?: boolean;
  /** Given to the first group, so the form label focuses it. */
  id?: string;
}

/**
 * The MAC input (spec §5): six groups of up to two hex characters separated by ':'. Typing moves
 * on to the next group; pasting a whole MAC (`-`, `:` or `.` separated, or 12 hex digits) fills
 * all six groups.
 */
export function MacInput({ value, onChange, disabled, id }: MacInputProps) {
  const groups = groupsOf(value);
  const inputs = useRef<(InputRef | null)[]>([]);
  const [focusTarget, setFocusTarget] = useState<number | null>(null);

  useEffect(() => {
    if (focusTarget === null) return;
    inputs.current[focusTarget]?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const type = (index: number, typed: string) => {
    const next = typeIntoGroup(groups, index, typed);
    onChange?.(joinGroups(next.groups));
    if (next.focus !== index) setFocusTarget(next.focus);
  };

  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = splitPastedMac(event.clipboardData.getData('text'));
    if (!pasted) return;
    event.preventDefault();
    onChange?.(joinGroups(pasted));
    setFocusTarget(MAC_GROUPS - 1);
  };

  const keyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && groups[index] === '' && index > 0) setFocusTarget(index - 1);
    if (event.key === ':' || event.key === '-' || event.key === '.') {
      event.preventDefault();
      if (index < MAC_GROUPS - 1) setFocusTarget(index + 1);
    }
  };

  return (
    <div style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }} data-testid="mac-input">
      {groups.map((group, index) => (
        // The six groups are positions, not a list that reorders.
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions
        <span key={index} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
          <Input
            id={index === 0 ? id : undefined}
            ref={(node) => {
              inputs.current[index] = node;
            }}
            aria-label={`MAC ${index + 1}`}
            data-testid={`mac-group-${index}`}
            value={group}
            maxLength={MAC_GROUP_MAX_TYPED}
            disabled={disabled}
            style={{ width: 52, textAlign: 'center' }}
            onChange={(event) => type(index, event.target.value)}
            onPaste={paste}
            onKeyDown={(event) => keyDown(index, event)}
          />
          {index < MAC_GROUPS - 1 ? <span>:</span> : null}
        </span>
      ))}
    </div>
  );
}
