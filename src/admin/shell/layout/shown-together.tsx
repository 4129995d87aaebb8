import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useState } from "react";

/** Tells the group whether one member's first answer has come (`settled`: data or an error). */
type Report = (member: string, settled: boolean) => void;

const GroupReport = createContext<Report | null>(null);

/**
 * Cards stacked one below another that each load their own data, shown together once every one of
 * them has its first answer: drawn one by one, each card that grew pushed the ones below it down, and
 * a click aimed at a control there ("Add webhook") landed elsewhere. `pending` stands in their place
 * until then. Once shown they stay shown: a card that loads again later keeps its own loading state.
 * Every member reports from its first render's effects, so the group knows them all before any
 * answer can come.
 */
export function ShownTogether({ pending, children }: { pending: ReactNode; children: ReactNode }) {
  const [members, setMembers] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [shown, setShown] = useState(false);
  const report = useCallback<Report>((member, settled) => {
    setMembers((current) => {
      if (current.get(member) === settled) return current;
      return new Map(current).set(member, settled);
    });
  }, []);
  const allSettled = members.size > 0 && [...members.values()].every(Boolean);
  useEffect(() => {
    if (allSettled) setShown(true);
  }, [allSettled]);
  return (
    <GroupReport.Provider value={report}>
      {!shown && pending}
      {/* `display: contents` keeps the cards items of the page's own grid once shown. */}
      <div hidden={!shown} style={shown ? { display: "contents" } : undefined}>
        {children}
      </div>
    </GroupReport.Provider>
  );
}

/** A member of the `ShownTogether` around it (if any): `settled` once its first answer has come. */
export function useShownTogether(settled: boolean) {
  const report = useContext(GroupReport);
  const member = useId();
  useEffect(() => {
    report?.(member, settled);
  }, [report, member, settled]);
}
