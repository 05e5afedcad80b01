import { useEffect, useRef } from 'react';

/**
 * Asks before leaving with unsaved changes: the browser's own prompt on reload or close
 * (beforeunload), and `confirm(href)` on in-app links (the host uses BrowserRouter, where
 * react-router's useBlocker is not available, so link clicks are caught in the capture phase).
 * `confirm` resolves true to leave.
 */
export function useLeaveGuard(
  dirty: boolean,
  confirm: (go: () => void) => void,
  navigateTo: (path: string) => void,
): { release(): void } {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const released = useRef(false);
  const confirmRef = useRef(confirm);
  confirmRef.current = confirm;
  const navigateRef = useRef(navigateTo);
  navigateRef.current = navigateTo;

  useEffect(() => {
    const guarded = () => dirtyRef.current && !released.current;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!guarded()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (!guarded() || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      const path = `${url.pathname}${url.search}${url.hash}`;
      if (path === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
      event.preventDefault();
      event.stopPropagation();
      confirmRef.current(() => {
        released.current = true;
        navigateRef.current(path);
      });
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, []);

  return {
    release: () => {
      released.current = true;
    },
  };
}
