import { readStorage, STORAGE_KEYS, writeStorage } from '@phonefleet/sdk/ui/core';
import { useState } from 'react';

/** The sidebar site choice, remembered per user (spec §3 Memory: sidebar site). */
export function useSiteFilter(userId: number): [number | null, (site: number | null) => void] {
  const key = STORAGE_KEYS.sidebarSite(userId);
  const [site, setSite] = useState<number | null>(() => {
    const stored = Number(readStorage(key));
    return Number.isInteger(stored) && stored > 0 ? stored : null;
  });
  const choose = (next: number | null) => {
    writeStorage(key, next === null ? '' : String(next));
    setSite(next);
  };
  return [site, choose];
}
