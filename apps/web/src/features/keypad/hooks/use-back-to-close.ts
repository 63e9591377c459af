import { useEffect, useRef } from 'react';

let open = 0;

/**
 * SPEC §2/§4: opening the keypad adds a history entry with a hash, and the browser back
 * button closes it. Closing it any other way takes the entry away again (history.back), so
 * the back button never has to be pressed twice. The check runs just after unmount so a
 * remount right away (React's StrictMode) keeps the entry instead of leaving and re-adding it.
 */
export function useBackToClose(hash: string, onBack: () => void) {
  const back = useRef(onBack);
  useEffect(() => {
    back.current = onBack;
  }, [onBack]);
  useEffect(() => {
    const mark = `#${hash}`;
    open += 1;
    if (window.location.hash !== mark) window.history.pushState(window.history.state, '', mark);
    const pop = () => {
      if (window.location.hash !== mark) back.current();
    };
    window.addEventListener('popstate', pop);
    return () => {
      open -= 1;
      window.removeEventListener('popstate', pop);
      queueMicrotask(() => {
        if (open === 0 && window.location.hash === mark) window.history.back();
      });
    };
  }, [hash]);
}
