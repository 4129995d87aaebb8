import type { CoinTransaction } from "../../shared/users-api.ts";
import { useFormatters } from "../format/use-formatters.ts";
import { useT } from "../i18n/intl.ts";

/** The last coin transactions, newest first (the API sends up to 50). */
export function UserTransactions({ transactions }: { transactions: CoinTransaction[] }) {
  const { t, formatNumber } = useT();
  const format = useFormatters();
  return (
    <section className="detail-card detail-wide" aria-labelledby="user-transactions-title">
      <h2 id="user-transactions-title">{t("user.section.transactions")}</h2>
      {transactions.length === 0 ? (
        <p className="subtle-cell">{t("user.transactions.empty")}</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t("user.transactions.date")}</th>
                <th scope="col">{t("user.transactions.description")}</th>
                <th scope="col" className="numeric">
                  {t("user.transactions.amount")}
                </th>
              </tr>
            </thead>
            <tbody>
              {transactions.map((item) => (
                <tr key={item.id}>
                  <td title={format.dateTime(item.createdAt)}>{format.ago(item.createdAt)}</td>
                  <td>{item.description}</td>
                  <td className={`numeric ${item.amount < 0 ? "amount-debit" : "amount-credit"}`}>
                    {item.amount > 0 ? "+" : ""}
                    {formatNumber(item.amount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
