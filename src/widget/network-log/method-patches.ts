export type Fn = (this: unknown, ...args: unknown[]) => unknown;

interface Patch {
  target: Record<string, unknown>;
  original: unknown;
  wrapper: Fn;
  own: boolean;
}

/** Wraps methods of the page's objects, and puts them back where nobody wrapped after us. */
export function createPatches() {
  const patches = new Map<string, Patch>();
  return {
    hook(target: object | undefined, key: string, wrap: (original: Fn) => Fn) {
      const holder = target as Record<string, unknown> | undefined;
      const original = holder?.[key];
      // A wrapper left in place by an earlier restore() is still in the chain and resumes when active.
      if (!holder || patches.has(key) || typeof original !== "function") return;
      const wrapper = wrap(original as Fn);
      const own = Object.hasOwn(holder, key);
      holder[key] = wrapper;
      patches.set(key, { target: holder, original, wrapper, own });
    },
    restore() {
      for (const [key, patch] of patches) {
        try {
          // Someone who wrapped after us keeps their wrapper; ours stays below it as a pass-through.
          if (patch.target[key] !== patch.wrapper) continue;
          if (patch.own) patch.target[key] = patch.original;
          else delete patch.target[key];
          patches.delete(key);
        } catch {
          // Non-writable: our wrapper stays and passes calls through.
        }
      }
    },
  };
}
