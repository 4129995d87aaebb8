/** The page's own console, fetch and XHR functions: what the SDK may wrap and must hand back unchanged. */
export function hostFunctions() {
  return {
    log: console.log,
    warn: console.warn,
    error: console.error,
    fetch: window.fetch,
    open: XMLHttpRequest.prototype.open,
    send: XMLHttpRequest.prototype.send,
  };
}
