import type { ApiAnswer } from "../../api/api-client.ts";
import { ApiErrorNotice } from "../../html/api-error.tsx";
import { when } from "../../html/format.ts";
import { CsrfField } from "../../html/layout.tsx";
import { Table } from "../../html/table.tsx";
import type { Viewer } from "../../session/viewer.ts";

/** One item of GET /resources/apps/{appId}/versions. */
export type AppVersion = {
  readonly version: number;
  readonly at: string;
  readonly by: { readonly principalId?: string; readonly clientId?: string };
};

export type VersionsAnswer = ApiAnswer<{ readonly versions: readonly AppVersion[]; readonly totalCount: number }>;

/** How many versions the app's page lists (the newest). */
export const SHOWN_VERSIONS = 20;

/** What a redirect after a rollback may say (`?done=`): a fixed text. */
export const ROLLED_BACK =
  "Rolled back: that version's manifest, components and page are installed again as a new version, by you.";

const COLUMNS = [
  { title: "Version" },
  { title: "When" },
  { title: "By", wide: true },
  { title: "Action", hidden: true },
];

const byWhom = (by: AppVersion["by"]) =>
  by.principalId ? `principal ${by.principalId}` : by.clientId ? `client ${by.clientId}` : "—";

/**
 * The app's installs and upgrades, newest first; each but the current one has a button that installs it again (the
 * API decides whether the viewer may: apps:write and every acl of that version's ingresses).
 */
export const VersionsTable = (props: { viewer: Viewer; appId: string; current: number; answer: VersionsAnswer }) => {
  if (props.answer.status !== 200) return <ApiErrorNotice answer={props.answer} />;
  const { versions, totalCount } = props.answer.body;
  const canWrite = props.viewer.can("apps", "write");
  const action = `/portal/apps/${encodeURIComponent(props.appId)}/rollback`;
  return (
    <>
      <Table labelledBy="versions-heading" columns={COLUMNS}>
        {versions.map((v) => (
          <tr>
            <td>{v.version === props.current ? `${v.version} (current)` : String(v.version)}</td>
            <td>{when(v.at)}</td>
            <td class="mono hide-narrow">{byWhom(v.by)}</td>
            <td>
              {canWrite && v.version !== props.current ? (
                <form
                  method="post"
                  action={action}
                  data-confirm={`Install version ${v.version} of ${props.appId} again, as a new version?`}
                >
                  <CsrfField viewer={props.viewer} />
                  <input type="hidden" name="version" value={String(v.version)} />
                  <button type="submit" class="secondary">
                    Roll back to this version
                    <span class="visually-hidden">{` (${v.version})`}</span>
                  </button>
                </form>
              ) : null}
            </td>
          </tr>
        ))}
      </Table>
      {totalCount > versions.length ? (
        <p class="hint">{`The newest ${versions.length} of ${totalCount} versions.`}</p>
      ) : null}
    </>
  );
};
