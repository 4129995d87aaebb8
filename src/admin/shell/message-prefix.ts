import type { MessageId } from "../i18n/en-US.ts";

/**
 * The prefixes `P` of the messages `{P}{Anchor}` for which every `{P}{Others}` is a message too: what a
 * shared part that makes its message ids from an area's prefix accepts (`MessagePrefix<".created",
 * ".updated">` is "job", "company"…), so a prefix missing one of its texts does not compile.
 */
export type MessagePrefix<Anchor extends string, Others extends string = never> = {
  [K in MessageId]: K extends `${infer P}${Anchor}`
    ? [`${P}${Others}`] extends [MessageId]
      ? P
      : never
    : never;
}[MessageId];
