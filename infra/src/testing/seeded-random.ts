/**
 * Seeded pseudo-random fractions in [0, 1), for benchmarks and fault tests whose load
 * must replay; property tests use fast-check, which shrinks and prints its seed.
 * (mulberry32: 32-bit integer steps, exact in JavaScript, unlike a multiplicative
 * generator whose products outgrow a double and lose their low bits.)
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Seeded pseudo-random integers in [0, n). */
export function seededIntegers(seed: number): (n: number) => number {
  const random = seededRandom(seed);
  return (n) => Math.floor(random() * n);
}
