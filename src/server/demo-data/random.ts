/**
 * A seeded pseudo-random source for the demo data: the same seed gives the same sequence on every
 * machine and engine, which Math.random cannot promise. sfc32 (small, fast, passes PractRand) seeded
 * through splitmix32 from a string hash.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer from `min` to `max`, both included. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items in random order (all of them when `count` exceeds the list). */
  sample<T>(items: readonly T[], count: number): T[];
  shuffle<T>(items: readonly T[]): T[];
  /** A version-4-shaped UUID built from this sequence, so ids repeat from run to run. */
  uuid(): string;
  /** An independent sequence for one area, so adding draws in one area leaves the others unchanged. */
  fork(label: string): Random;
}

/** FNV-1a over the UTF-16 code units: a stable 32-bit hash of a seed label. */
function hashLabel(label: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    hash ^= label.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export function createRandom(seed: string): Random {
  const init = splitmix32(hashLabel(seed));
  let a = init();
  let b = init();
  let c = init();
  let d = init();
  const nextUint32 = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  const next = () => nextUint32() / 4294967296;
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = int(0, i);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  };
  const hex = (value: number, digits: number) => value.toString(16).padStart(digits, "0");

  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[int(0, items.length - 1)] as T;
    },
    sample: (items, count) => shuffle(items).slice(0, count),
    shuffle,
    uuid: () => {
      const [w1, w2, w3, w4] = [nextUint32(), nextUint32(), nextUint32(), nextUint32()];
      const version = ((w2 & 0x0fff) | 0x4000) >>> 0;
      const variant = (((w3 >>> 16) & 0x3fff) | 0x8000) >>> 0;
      return `${hex(w1, 8)}-${hex(w2 >>> 16, 4)}-${hex(version, 4)}-${hex(variant, 4)}-${hex(w3 & 0xffff, 4)}${hex(w4, 8)}`;
    },
    fork: (label) => createRandom(`${seed}/${label}`),
  };
}

/**
 * Item `index` of a generated series: the first ones walk through `all` so every value occurs at least
 * once, later ones are drawn from `weighted` (defaults to `all`, evenly).
 */
export function everyThenPick<T>(
  random: Random,
  index: number,
  all: readonly T[],
  weighted: readonly T[] = all,
): T {
  return index < all.length ? (all[index] as T) : random.pick(weighted);
}
