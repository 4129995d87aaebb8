/** A bench's command line: `--name value` options and `--flag` switches. */
export function benchOptions(args: readonly string[] = process.argv.slice(2)) {
  const option = (name: string): string | undefined => {
    const index = args.indexOf(`--${name}`);
    return index >= 0 ? args[index + 1] : undefined;
  };
  return {
    option,
    flag: (name: string) => args.includes(`--${name}`),
    /**
     * The numeric options, declared as one table of names and defaults: each is the number given on
     * the command line, or its default when the option is absent.
     */
    numbers<Name extends string>(defaults: Record<Name, number>): Record<Name, number> {
      const entries = Object.entries<number>(defaults).map(([name, fallback]) => [
        name,
        Number(option(name) ?? fallback),
      ]);
      return Object.fromEntries(entries) as Record<Name, number>;
    },
  };
}
