/**
 * Whether the code that called the caller of this function lives under `folder` (a URL prefix such
 * as the SDK's own folder), read from a stack trace. A wrapper of the page's `console` or `fetch`
 * tells the widget's own calls (its chunks, and snapdom or rrweb bundled into them) from the page's
 * this way, also after an `await`, where a "widget is working" flag would also catch the page's calls
 * made meanwhile. It must be called directly from the wrapper's own body, inside a `try` so that it
 * is never a tail call (JavaScriptCore drops the frame of a strict-mode tail call, and a bundler may
 * turn `const x = f(); return x` into one): the frame it reads is two above its own.
 */
export function calledFrom(folder: string): boolean {
  if (!folder) return false;
  // Frames are the lines with a location ("at f (url:1:2)", "f@url:1:2"); the first line of V8's
  // stack ("Error") and native frames ("at Array.map (<anonymous>)") have none.
  const frames = String(new Error().stack)
    .split("\n")
    .filter((line) => /:\d+:\d+\)?$/.test(line));
  // [0] is this function, [1] the wrapper asking, [2] the code that called the wrapper.
  return frames[2]?.includes(folder) === true;
}
