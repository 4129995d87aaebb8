/** A bench's command line: `--name value` options and `--flag` switches. */
export function benchOptions(args: readonly string[] = process.argv.slice(2)) {
  return {
    option(name: string): string | undefined {
      const index = args.indexOf(`--${name}`);
      return index >= 0 ? args[index + 1] : undefined;
    },
    flag: (name: string) => args.includes(`--${name}`),
  };
}
