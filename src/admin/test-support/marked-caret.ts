/**
 * A function of a text and a caret offset, called with a text written with a `|` where the caret is
 * ("Hi @an|" is "Hi @an" with the caret at 6): its cases then show the caret where it stands.
 */
export function atMarkedCaret<A>(find: (text: string, caret: number) => A): (marked: string) => A {
  return (marked) => find(marked.replace("|", ""), marked.indexOf("|"));
}
