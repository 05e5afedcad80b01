import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * While `active` (unsaved changes, a running scan), asks before leaving: `confirm(leave, stay)` on any
 * in-app navigation (links, menu, browser Back and Forward) through react-router's blocker (the host
 * is a data router), and the browser's own prompt on reload or close (beforeunload). `release()` lets
 * the screen's own navigation (after a save) through; `rearm()` guards again (the save failed).
 * A router keeps one blocker only: mount one guard per screen.
 */
export function useLeaveGuard(
  active: boolean,
  confirm: (leave: () => void, stay: () => void) => void,
): { release(): void; rearm(): void } {
  const activeRef = useRef(active);
  activeRef.current = active;
  const released = useRef(false);
  const confirmRef = useRef(confirm);
  confirmRef.current = confirm;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      activeRef.current &&
      !released.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    confirmRef.current(
      () => {
        released.current = true;
        blocker.proceed();
      },
      () => blocker.reset(),
    );
  }, [blocker]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!activeRef.current || released.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  return {
    release: () => {
      released.current = true;
    },
    rearm: () => {
      released.current = false;
    },
  };
}
