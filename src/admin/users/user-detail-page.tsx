import { useEffect, useState } from "react";
import { useParams } from "wouter";
import { useResource } from "../api/use-resource.ts";
import { detailTexts } from "../shell/detail/detail-status.tsx";
import { RecordScreen } from "../shell/detail/record-screen.tsx";
import { UserActions } from "./user-actions.tsx";
import { UserCoinsForm } from "./user-coins-form.tsx";
import { UserEditForm } from "./user-edit-form.tsx";
import { withCoinsResult } from "./user-edit-state.ts";
import { UserFields } from "./user-fields.tsx";
import { userListHref } from "./user-paths.ts";
import { UserSkills } from "./user-skills.tsx";
import { UserTaskBans } from "./user-task-bans.tsx";
import { UserTransactions } from "./user-transactions.tsx";
import { usersApi } from "./users-api.ts";

/**
 * `/dashboard/users/:id` (spec §2 Manage User): every field, progress, coins, bans and the actions;
 * editing opens the account form above the fields, and coins are adjusted beside the transactions.
 */
export default function UserDetailPage() {
  const { id = "" } = useParams<{ id: string }>();
  const load = useResource(() => usersApi.get(id), id);
  const { refresh, replace } = load;
  const [editing, setEditing] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another user's screen starts without the form.
  useEffect(() => setEditing(false), [id]);

  return (
    <RecordScreen
      kind="user"
      load={load}
      texts={detailTexts("user", { retry: "users.retry" })}
      back={userListHref()}
      name={(user) => user.name}
      actions={(user) => (
        <UserActions user={user} onChange={replace} editing={editing} onEdit={() => setEditing(true)} />
      )}
    >
      {(user) => (
        <>
          {editing && (
            <UserEditForm
              user={user}
              onCancel={() => setEditing(false)}
              onSaved={(saved) => {
                replace(saved);
                setEditing(false);
              }}
            />
          )}
          <UserFields user={user} />
          <UserTaskBans user={user} onChange={refresh} />
          <div className="detail-grid">
            <UserSkills skills={user.skills} />
          </div>
          <UserCoinsForm user={user} onDone={(result) => replace(withCoinsResult(user, result))} />
          <UserTransactions transactions={user.transactions} />
        </>
      )}
    </RecordScreen>
  );
}
