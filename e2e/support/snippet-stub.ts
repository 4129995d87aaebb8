/**
 * The snippet's stub for the host pages the specs fulfil: `window.Gleap` queues calls of these methods
 * in `window.GleapActions` until the loader arrives (the documented snippet does the same for its
 * whole method list).
 */
export function snippetStub(methods: readonly string[] = ["initialize", "on"]): string {
  return `window.Gleap = window.Gleap || [];
window.GleapActions = [];
${JSON.stringify(methods)}.forEach(function (m) {
  window.Gleap[m] = function () { window.GleapActions.push({ e: m, a: [].slice.call(arguments) }); };
});
window.Gleap.invoked = true;`;
}
