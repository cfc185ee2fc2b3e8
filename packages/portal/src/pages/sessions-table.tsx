import type { SessionAnswer } from "@platform/iam";
import { when } from "../html/format.ts";
import { CsrfField } from "../html/layout.tsx";
import { Table } from "../html/table.tsx";
import type { Viewer } from "../session/viewer.ts";

/** A session as `GET /resources/iam/principals/{id}/sessions` lists it: IAM's published answer. */
export type Session = SessionAnswer;

/** Sessions (sign-ins or personal access tokens) with a revoke button each. */
export const SessionsTable = (props: {
  sessions: readonly Session[];
  revokeAction: (s: Session) => string;
  viewer: Viewer;
  labelledBy: string;
  empty?: string;
  canRevoke?: boolean;
}) =>
  props.sessions.length === 0 ? (
    <p>{props.empty ?? "No active sessions."}</p>
  ) : (
    <Table
      labelledBy={props.labelledBy}
      columns={[
        { title: "Session" },
        { title: "Client" },
        { title: "Started", wide: true },
        { title: "Ends" },
        { title: "Actions", hidden: true },
      ]}
    >
      {props.sessions.map((s) => (
        <tr data-session={s.id}>
          <td>
            {s.description ?? s.type}
            {s.isCurrent ? <span class="badge">this browser</span> : null}
            {s.scope?.length ? <div class="hint mono">{s.scope.join(" ")}</div> : null}
          </td>
          <td>{s.clientName ?? s.clientId ?? "—"}</td>
          <td class="hide-narrow">{when(s.createdAt)}</td>
          <td>{when(s.refreshTokenExpiresAt ?? s.accessTokenExpiresAt)}</td>
          <td>
            {props.canRevoke === false ? null : (
              <form method="post" action={props.revokeAction(s)} data-confirm="End this session?">
                <CsrfField viewer={props.viewer} />
                <button
                  type="submit"
                  class="secondary"
                  aria-label={`Revoke ${s.description ?? s.type} session started ${when(s.createdAt)}`}
                >
                  Revoke
                </button>
              </form>
            )}
          </td>
        </tr>
      ))}
    </Table>
  );
