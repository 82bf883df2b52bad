import { useEffect, useRef } from 'react';

/**
 * Calls back when the element is in view: the trigger of infinite scroll. It
 * observes afresh after each load (`loaded` changes), so a sentinel that is
 * still visible asks for the next page too.
 */
export function useWhenVisible<T extends Element>(onVisible: () => void, enabled: boolean, loaded: number) {
  const ref = useRef<T>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each load observes afresh, so a sentinel still in view asks for the next page
  useEffect(() => {
    const element = ref.current;
    if (!element || !enabled) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, loaded]);
  return ref;
}
