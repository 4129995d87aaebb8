import type { CoinTransaction } from "../../shared/users-api.ts";
import { type Translator, useT } from "../i18n/intl.ts";
import { type ListColumn, RecordTable } from "../shell/list/record-table.tsx";

const transactionColumns = ({ formatNumber }: Translator): ListColumn<CoinTransaction>[] => [
  { label: "user.transactions.date", date: (item) => item.createdAt },
  { label: "user.transactions.description", cell: (item) => item.description },
  {
    label: "user.transactions.amount",
    numeric: true,
    className: (item) => (item.amount < 0 ? "amount-debit" : "amount-credit"),
    cell: (item) => `${item.amount > 0 ? "+" : ""}${formatNumber(item.amount)}`,
  },
];

/** The last coin transactions, newest first (the API sends up to 50). */
export function UserTransactions({ transactions }: { transactions: CoinTransaction[] }) {
  const tr = useT();
  return (
    <section className="detail-card detail-wide" aria-labelledby="user-transactions-title">
      <h2 id="user-transactions-title">{tr.t("user.section.transactions")}</h2>
      <RecordTable
        rows={transactions}
        columns={transactionColumns(tr)}
        labelled={false}
        empty={<p className="subtle-cell">{tr.t("user.transactions.empty")}</p>}
      />
    </section>
  );
}
