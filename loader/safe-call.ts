type Report = (message: string, error?: unknown) => void;

/**
 * Wraps a host API method so nothing it does can throw into the host page: a throw, or a rejected
 * promise it answers, is reported (`Gleap: name failed`) and the call answers undefined.
 */
export function safeCall<A extends unknown[], R>(
  report: Report,
  name: string,
  method: (...args: A) => R,
): (...args: A) => R | undefined {
  return (...args: A) => {
    try {
      const result = method(...args);
      if (result instanceof Promise) {
        return result.catch((error: unknown) => {
          report(`${name} failed`, error);
          return undefined;
        }) as R;
      }
      return result;
    } catch (error) {
      report(`${name} failed`, error);
      return undefined;
    }
  };
}

/** Every method of `methods` wrapped by `safeCall` under its own name. */
export function safeMethods<M extends Record<string, (...args: never[]) => unknown>>(
  report: Report,
  methods: M,
): M {
  const wrapped: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(methods)) wrapped[name] = safeCall(report, name, method);
  return wrapped as M;
}
