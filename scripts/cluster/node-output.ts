/**
 * A line of the URL table `main.ts` prints once it listens (`  Messenger          http://…`), or a blank
 * one: the cluster prints its own table instead of three copies of the node's.
 */
export const isBannerLine = (line: string) => line.trim() === "" || /^ {2}[A-Z][\w ]+? {2,}\S/.test(line);
