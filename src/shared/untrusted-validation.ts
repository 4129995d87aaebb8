import { type Struct, StructError, validate } from "superstruct";

type Failure = ConstructorParameters<typeof StructError>[0];

/**
 * superstruct's `validate` for values that come from outside (request bodies, frame messages).
 * superstruct prints the offending value into its failure message with a template string, which
 * throws a TypeError for an object whose `toString` and `valueOf` are not functions: the JSON text
 * `[{"toString":""}]` did that, and the throw became a 500. Here such a value is a failure at the
 * root instead. All failures are read inside the guard, since superstruct builds them lazily.
 */
export function validateUntrusted<T, S>(
  value: unknown,
  schema: Struct<T, S>,
  options: { coerce?: boolean; mask?: boolean } = {},
): [StructError, undefined] | [undefined, T] {
  try {
    const result = validate(value, schema, options);
    result[0]?.failures();
    return result;
  } catch (cause) {
    if (!(cause instanceof TypeError)) throw cause;
    const failure: Failure = {
      value,
      key: undefined,
      type: schema.type,
      refinement: undefined,
      message: "Expected a value that can be read as text",
      branch: [value],
      path: [],
    };
    return [new StructError(failure, noMoreFailures), undefined];
  }
}

function* noMoreFailures(): Generator<Failure> {}

/** `is` over {@link validateUntrusted}: never throws for a hostile value. */
export function isUntrusted<T, S>(value: unknown, schema: Struct<T, S>): value is T {
  return validateUntrusted(value, schema)[0] === undefined;
}
