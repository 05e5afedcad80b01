import { SIDEBAR_COLLAPSE_WIDTH } from '@phonefleet/sdk/ui/core';
import { useEffect, useState } from 'react';

const narrow = () => window.innerWidth <= SIDEBAR_COLLAPSE_WIDTH;

/** The sidebar collapses when the window is 1366 px wide or less (spec §2); the user may still toggle it. */
export function useCollapsed(): [boolean, (collapsed: boolean) => void] {
  const [collapsed, setCollapsed] = useState(narrow);
  useEffect(() => {
    let wasNarrow = narrow();
    const onResize = () => {
      const isNarrow = narrow();
      if (isNarrow !== wasNarrow) setCollapsed(isNarrow);
      wasNarrow = isNarrow;
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return [collapsed, setCollapsed];
}
