import type { ReactNode } from "react";
import type {
  CodingContent,
  MatchingContent,
  MultipleChoiceContent,
  QuestionContent,
  TaskFields,
} from "../../shared/challenges-api.ts";
import type { CodingChallengeInfo, ReportDetail } from "../../shared/reports-api.ts";
import { useResource } from "../api/use-resource.ts";
import { DateTimeAgo } from "../format/date-time-ago.tsx";
import type { MessageId } from "../i18n/en-US.ts";
import { useT } from "../i18n/intl.ts";
import { Button } from "../shell/button.tsx";
import { FieldList } from "../shell/detail/field-list.tsx";
import { type ListColumn, RecordTable } from "../shell/list/record-table.tsx";
import { isTaskKind, reportServerText } from "./report-labels.ts";
import { reportsApi, type TaskView } from "./reports-api.ts";

/** A titled card for content that is not a list of fields (question text, code); `wide` spans the page. */
function ContentCard({
  title,
  testId,
  wide = false,
  children,
}: {
  title: MessageId;
  testId?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const { t } = useT();
  return (
    <section className={wide ? "detail-card detail-wide" : "detail-card"} data-testid={testId}>
      <h2>{t(title)}</h2>
      {children}
    </section>
  );
}

function CodeBlock({ code, empty, testId }: { code: string; empty: MessageId; testId: string }) {
  const { t } = useT();
  if (!code.trim()) return <p className="subtle-cell">{t(empty)}</p>;
  return (
    <pre className="code-block" data-testid={testId}>
      <code>{code}</code>
    </pre>
  );
}

/** The spec's "coding challenge info": environment, limits and tests (from the task or the report's snapshot). */
function CodingInfo({ info }: { info: CodingChallengeInfo }) {
  const { t, formatNumber } = useT();
  const number = (value: number | null) => (value === null ? null : formatNumber(value));
  return (
    <div data-testid="coding-info">
      <FieldList
        title="report.section.coding"
        fields={[
          { label: "report.field.environment", value: info.environment && <code>{info.environment}</code> },
          {
            label: "report.field.timeLimit",
            value:
              info.timeLimitMs === null
                ? null
                : t("report.value.ms", { value: formatNumber(info.timeLimitMs) }),
          },
          {
            label: "report.field.memoryLimit",
            value:
              info.memoryLimitMb === null
                ? null
                : t("report.value.mb", { value: formatNumber(info.memoryLimitMb) }),
          },
          { label: "report.field.staticTests", value: number(info.staticTests) },
          { label: "report.field.randomTests", value: number(info.randomTests) },
        ]}
      />
    </div>
  );
}

/** The task's values (spec §1: Xp, Morphcoins, Fee) and its dates. */
function TaskValues({ task }: { task: TaskFields }) {
  const { t, formatNumber } = useT();
  return (
    <FieldList
      title="report.section.values"
      fields={[
        { label: "report.field.xp", value: formatNumber(task.xp) },
        { label: "report.field.coins", value: t("report.value.coins", { value: task.coins }) },
        { label: "report.field.fee", value: t("report.value.fee", { value: task.fee }) },
        { label: "report.field.retired", value: t(task.retired ? "report.yes" : "report.no") },
        { label: "report.field.createdAt", value: <DateTimeAgo value={task.createdAt} /> },
        { label: "report.field.updatedAt", value: <DateTimeAgo value={task.updatedAt} /> },
      ]}
    />
  );
}

/** A kind's content: a card beside the task values, and what follows at full width. */
interface KindCards {
  side: ReactNode;
  wide: ReactNode;
}

function codingCards(content: CodingContent): KindCards {
  return {
    side: <CodingInfo info={content} />,
    wide: (
      <>
        <ContentCard title="report.section.description" wide>
          <p className="pre-wrap">{content.description}</p>
        </ContentCard>
        <ContentCard title="report.section.solution" testId="solution-code" wide>
          <CodeBlock
            code={content.solutionCode}
            empty="report.task.noSolution"
            testId="solution-code-block"
          />
        </ContentCard>
        <ContentCard title="report.section.evaluator" wide>
          <CodeBlock code={content.evaluator} empty="report.task.noEvaluator" testId="evaluator-code-block" />
        </ContentCard>
      </>
    ),
  };
}

function QuestionText({ question, note }: { question: string; note?: string }) {
  return (
    <ContentCard title="report.section.question">
      <p className="pre-wrap">{question}</p>
      {note && <p className="subtle-cell report-card-note">{note}</p>}
    </ContentCard>
  );
}

function MultipleChoiceAnswers({ content }: { content: MultipleChoiceContent }) {
  const { t } = useT();
  return (
    <ContentCard title="report.section.answers" testId="task-answers" wide>
      <ol className="report-content-list">
        {content.answers.map((answer, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: answers may repeat; their order is the identity.
          <li key={index}>
            <span className="pre-wrap">{answer.text}</span>
            <span className={`badge ${answer.correct ? "badge-success" : "badge-danger"}`}>
              {t(answer.correct ? "report.task.correct" : "report.task.wrong")}
            </span>
          </li>
        ))}
      </ol>
    </ContentCard>
  );
}

function QuestionAnswers({ content }: { content: QuestionContent }) {
  const { t } = useT();
  const yesNo = (value: boolean) => t(value ? "report.yes" : "report.no");
  return (
    <div className="detail-grid">
      <ContentCard title="report.section.acceptedAnswers" testId="task-answers">
        <ul className="report-content-list">
          {content.acceptedAnswers.map((answer, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: answers may repeat; their order is the identity.
            <li key={index}>
              <span className="pre-wrap">{answer}</span>
            </li>
          ))}
        </ul>
      </ContentCard>
      <FieldList
        title="report.section.answers"
        fields={[
          { label: "report.field.caseSensitive", value: yesNo(content.caseSensitive) },
          { label: "report.field.ignoreWhitespace", value: yesNo(content.ignoreWhitespace) },
          {
            label: "report.field.allowedCharacters",
            value: content.allowedCharacters ? <code>{content.allowedCharacters}</code> : null,
          },
        ]}
      />
    </div>
  );
}

interface MatchedPair {
  /** The pair's place: entries may repeat, so their order is their identity. */
  id: string;
  left: string;
  right: string;
}

const pairColumns: ListColumn<MatchedPair>[] = [
  { label: "report.task.left", cell: (pair) => pair.left },
  { label: "report.task.right", cell: (pair) => pair.right },
];

function MatchingPairs({ content }: { content: MatchingContent }) {
  const pairs = content.left.map((left, index) => ({
    id: String(index),
    left,
    right: content.right[content.matches[index] ?? -1] ?? "",
  }));
  return (
    <ContentCard title="report.section.matching" testId="task-answers">
      <RecordTable rows={pairs} columns={pairColumns} labelled={false} />
    </ContentCard>
  );
}

/** The task's values and the content of its kind (spec §3 task kinds), read from the tasks API. */
function TaskViewCards({ view }: { view: TaskView }) {
  const { t } = useT();
  let cards: KindCards;
  if (view.kind === "CODING") cards = codingCards(view.content);
  else if (view.kind === "MULTIPLE_CHOICE") {
    const mode = view.content.singleChoice ? "report.task.singleChoice" : "report.task.multipleAnswers";
    cards = {
      side: (
        <QuestionText question={view.content.question} note={`${t("report.field.answerMode")}: ${t(mode)}`} />
      ),
      wide: <MultipleChoiceAnswers content={view.content} />,
    };
  } else if (view.kind === "QUESTION") {
    cards = {
      side: <QuestionText question={view.content.question} />,
      wide: <QuestionAnswers content={view.content} />,
    };
  } else cards = { side: <MatchingPairs content={view.content} />, wide: null };
  return (
    <>
      <div className="detail-grid">
        <TaskValues task={view.fields} />
        {cards.side}
      </div>
      {cards.wide}
    </>
  );
}

function LiveTaskContent({ id, kind }: { id: string; kind: TaskView["kind"] }) {
  const { t, translate } = useT();
  const { resource, reload } = useResource(() => reportsApi.task(id, kind), `${id}:${kind}`);
  if (resource.state === "loading") {
    return (
      <p className="subtle" role="status" aria-busy="true">
        {t("report.task.loading")}
      </p>
    );
  }
  if (resource.state === "error") {
    return (
      <div className="state-panel detail-wide" role="alert">
        <p>{translate(reportServerText(resource.message))}</p>
        <Button variant="secondary" onClick={reload}>
          {t("list.retry")}
        </Button>
      </div>
    );
  }
  return <TaskViewCards view={resource.data} />;
}

/**
 * What the reported task holds: its values and content while it exists; once a resolution deleted it,
 * the coding challenge info the report kept and a line saying the rest is gone.
 */
export function ReportTaskContent({ report }: { report: ReportDetail }) {
  const { t } = useT();
  const { task } = report;
  if (task.exists && task.id) {
    // A kind this admin does not know has no content view; the task card above still names it.
    return isTaskKind(task.kind) ? <LiveTaskContent id={task.id} kind={task.kind} /> : null;
  }
  return (
    <div className="detail-grid">
      {report.codingChallenge && <CodingInfo info={report.codingChallenge} />}
      <section className="detail-card" data-testid="task-deleted">
        <h2>{t("report.section.content")}</h2>
        <p className="report-card-note">{t("report.task.deletedHint")}</p>
        {report.codingChallenge && (
          <p className="subtle-cell report-card-note">{t("report.task.solutionGone")}</p>
        )}
      </section>
    </div>
  );
}
