import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** What `#result-N` or `#comment-N` in the address points at (§2 Routes). */
export interface HashTarget {
  kind: 'result' | 'comment';
  id: number;
}

export function parseHashTarget(hash: string): HashTarget | null {
  const found = /^#(result|comment)-(\d+)$/.exec(hash);
  return found ? { kind: found[1] as HashTarget['kind'], id: Number(found[2]) } : null;
}

export function useHashTarget(): HashTarget | null {
  return parseHashTarget(useLocation().hash);
}

/** Scrolls the target into view once it is on screen, once per address. */
export function useScrollToTarget(target: HashTarget | null, shown: boolean): void {
  const scrolled = useRef<string | null>(null);
  const key = target ? `${target.kind}-${target.id}` : null;
  useEffect(() => {
    if (!key || !shown || scrolled.current === key) return;
    scrolled.current = key;
    document.getElementById(key)?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [key, shown]);
}
