import { useEffect, useRef, useState } from 'react';

/** What an add/edit screen works on: undefined while loading, null when adding or when it is gone. */
export type EditedRecord<T> = T | null | undefined;

/**
 * Loads the record an edit screen changes (`id` undefined: adding, nothing to load); `onLoaded`
 * fills the form. A failed load (shown by the api client unless silent) leaves null.
 */
export function useEditedRecord<T>(
  id: number | undefined,
  load: (id: number) => Promise<T>,
  onLoaded?: (record: T) => void,
): EditedRecord<T> {
  const [record, setRecord] = useState<EditedRecord<T>>(id === undefined ? null : undefined);
  const calls = useRef({ load, onLoaded });
  calls.current = { load, onLoaded };
  useEffect(() => {
    if (id === undefined) return;
    let current = true;
    calls.current
      .load(id)
      .then((found) => {
        if (!current) return;
        setRecord(found);
        calls.current.onLoaded?.(found);
      })
      .catch(() => {
        if (current) setRecord(null);
      });
    return () => {
      current = false;
    };
  }, [id]);
  return record;
}
