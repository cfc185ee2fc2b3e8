import { Hono } from "hono";
import type { Context } from "hono";
import type { ApiAnswer, ApiClient } from "../../api/api-client.ts";
import { ApiErrorNotice, pageStatus, refusal } from "../../html/api-error.tsx";
import { CsrfField, Notice, Page } from "../../html/layout.tsx";
import { MissingPage } from "../../html/missing.tsx";
import { render } from "../../html/render.ts";
import type { PortalEnv, Viewer } from "../../session/viewer.ts";
import { OVERRIDABLE, OverrideTable, loadAppDefault } from "./app-default.tsx";
import type { AppDefault } from "./app-default.tsx";
import { JobsLinks, SECTION } from "./job-parts.tsx";
import { definitionApiPath, definitionHref } from "./job-types.ts";
import type { JobDefinition } from "./job-types.ts";
import { OccurrencesTable } from "./occurrences-table.tsx";
import { scheduleInWords } from "./schedule-words.ts";
import { viewerZone } from "./viewer-zone.ts";
import { ZoneForm } from "./zone-form.tsx";

const OCCURRENCES = 10;

/** What a redirect after an action may say (`?done=`): fixed texts. */
const DONE: Readonly<Record<string, string>> = {
  suspended: "The schedules are suspended: no job is made from them until they are resumed.",
  resumed: "The schedules are resumed, from their next occurrence (missed ones are not caught up).",
  reset: "Back to the app's default.",
};

type Extras = { readonly done?: string; readonly error?: ApiAnswer; readonly conflict?: boolean };

/** One POST button on the definition: its action and the version it acts on. */
const Action = (props: {
  viewer: Viewer;
  href: string;
  action: string;
  etag: string;
  label: string;
  confirm?: string;
  danger?: boolean;
}) => (
  <form method="post" action={props.href} data-confirm={props.confirm}>
    <CsrfField viewer={props.viewer} />
    <input type="hidden" name="etag" value={props.etag} />
    <input type="hidden" name="action" value={props.action} />
    <button type="submit" class={props.danger ? "danger" : "secondary"}>
      {props.label}
    </button>
  </form>
);

const orNone = (v: string | number | null, none: string) => (v === null ? none : String(v));

/**
 * `/portal/job-definitions/{definitionId}`: facts, schedules in words, next occurrences, suspend/resume, an app's
 * override.
 */
export const definitionDetailRoutes = (api: ApiClient) => {
  const app = new Hono<PortalEnv>();

  const page = async (c: Context<PortalEnv>, id: string, extras: Extras = {}) => {
    const viewer = c.get("viewer");
    const got = await api.call<JobDefinition>(c, "GET", `${definitionApiPath(id)}?occurrences=${OCCURRENCES}`);
    if (got.status !== 200)
      return render(
        c,
        <MissingPage
          viewer={viewer}
          section={SECTION}
          what="Job definition"
          answer={got}
          back="/portal/job-definitions"
          backLabel="Back to job definitions"
        />,
        pageStatus(got),
      );
    const d = got.body;
    const href = definitionHref(d.jobDefinitionId);
    const etag = got.etag ?? "";
    const zone = viewerZone(c);
    const canWrite = viewer.can("job-definitions", "write");
    const appDefault = await loadAppDefault(api, c, d);
    const status = extras.conflict ? 409 : pageStatus(extras.error);
    return render(
      c,
      <Page title={d.jobDefinitionId} viewer={viewer} section={SECTION}>
        <JobsLinks viewer={viewer} current="definitions" />
        {extras.done && Object.hasOwn(DONE, extras.done) ? <Notice kind="success">{DONE[extras.done]}</Notice> : null}
        {extras.conflict ? (
          <Notice kind="error">
            This definition was changed by someone else since you opened the page. <a href={href}>Reload</a> to see the
            changes, then make yours again.
          </Notice>
        ) : null}
        {extras.error ? <ApiErrorNotice answer={extras.error} /> : null}
        <section class="card" aria-labelledby="facts-heading">
          <h2 id="facts-heading">Details</h2>
          <dl class="facts">
            <dt>Component</dt>
            <dd class="mono">{d.componentId}</dd>
            <dt>App</dt>
            <dd>
              {d.appId ? (
                <a href={`/portal/apps/${encodeURIComponent(d.appId)}`}>{d.appId}</a>
              ) : (
                "none (made through the API)"
              )}
            </dd>
            <dt>Queue</dt>
            <dd>{orNone(d.queue, "default")}</dd>
            <dt>Max concurrency</dt>
            <dd>{orNone(d.maxConcurrency, "no limit")}</dd>
            <dt>Overlapping runs</dt>
            <dd>
              {d.scheduleConcurrency === "forbid"
                ? "forbid (an occurrence is skipped while a run is outstanding)"
                : "allow"}
            </dd>
            <dt>Starting deadline</dt>
            <dd>{d.scheduleStartingDeadlineSeconds === null ? "none" : `${d.scheduleStartingDeadlineSeconds} s`}</dd>
            <dt>ACL</dt>
            <dd>{d.acl.length ? d.acl.map((a) => <span class="badge mono">{a}</span>) : "none"}</dd>
          </dl>
        </section>
        <section class="card" aria-labelledby="schedules-heading">
          <h2 id="schedules-heading">Schedules</h2>
          <p>
            {d.scheduleSuspended ? <span class="badge warn">suspended</span> : <span class="badge ok">active</span>}
            {d.scheduleIsOverridden ? <span class="badge info">overridden</span> : null}
          </p>
          {d.schedules.length ? (
            <ul class="schedules">
              {d.schedules.map((s) => (
                <li>
                  {scheduleInWords(s)} <code>{s.cron}</code>
                </li>
              ))}
            </ul>
          ) : (
            <p>No schedules: its jobs are made through the API or by a component.</p>
          )}
          {canWrite && d.schedules.length ? (
            <div class="actions">
              {d.scheduleSuspended ? (
                <Action viewer={viewer} href={href} action="resume" etag={etag} label="Resume schedules" />
              ) : (
                <Action
                  viewer={viewer}
                  href={href}
                  action="suspend"
                  etag={etag}
                  label="Suspend schedules"
                  danger
                  confirm={
                    `Suspend the schedules of ${d.jobDefinitionId}? ` +
                    "No job is made from them until they are resumed."
                  }
                />
              )}
            </div>
          ) : null}
        </section>
        {d.schedules.length ? (
          <section aria-labelledby="occurrences-heading">
            <h2 id="occurrences-heading">{`Next ${OCCURRENCES} occurrences`}</h2>
            <ZoneForm action={href} viewer={zone} />
            {d.scheduleSuspended ? (
              <p>Suspended: none until the schedules are resumed.</p>
            ) : (
              <OccurrencesTable occurrences={d.occurrences ?? []} schedules={d.schedules} viewerZone={zone.zone} />
            )}
          </section>
        ) : null}
        {appDefault ? (
          <section aria-labelledby="override-heading">
            <h2 id="override-heading">{d.scheduleIsOverridden ? "This tenant's override" : "The app's default"}</h2>
            <p>
              {d.scheduleIsOverridden
                ? "Fields changed here differ from what the app brings; upgrading the app keeps them."
                : "Nothing is overridden: every field is as the app brings it."}
            </p>
            <OverrideTable definition={d} appDefault={appDefault} />
            {canWrite && d.scheduleIsOverridden ? (
              <div class="actions">
                <Action
                  viewer={viewer}
                  href={href}
                  action="reset"
                  etag={etag}
                  label="Back to the app's default"
                  confirm="Drop every override of this definition and use the app's default?"
                />
              </div>
            ) : null}
          </section>
        ) : null}
      </Page>,
      status,
    );
  };

  app.get("/portal/job-definitions/:definitionId{.+}", (c) =>
    page(c, c.req.param("definitionId"), { done: c.req.query("done") }),
  );

  /** The body of an action's PATCH; resuming an app's definition whose author runs it drops the override instead. */
  const patchOf = async (
    c: Context<PortalEnv>,
    id: string,
    action: string,
  ): Promise<Record<string, unknown> | undefined> => {
    if (action === "suspend") return { scheduleSuspended: true };
    if (action === "reset") return Object.fromEntries(OVERRIDABLE.map((f) => [f, null]));
    if (action !== "resume") return undefined;
    if (!id.startsWith("apps/")) return { scheduleSuspended: false };
    const got = await api.call<JobDefinition>(c, "GET", definitionApiPath(id));
    const fallback: AppDefault | undefined = got.status === 200 ? await loadAppDefault(api, c, got.body) : undefined;
    return { scheduleSuspended: fallback && "fields" in fallback && !fallback.fields.scheduleSuspended ? null : false };
  };

  /** Suspend, resume or reset (`action`), at the version the page showed. */
  app.post("/portal/job-definitions/:definitionId{.+}", async (c) => {
    const id = c.req.param("definitionId");
    const form = c.get("form");
    const action = form.text("action");
    const body = await patchOf(c, id, action);
    if (!body)
      return page(c, id, {
        error: {
          status: 400,
          body: { error: { code: "VALIDATION_FAILED", message: "Unknown action: use suspend, resume or reset." } },
          etag: null,
        },
      });
    const patched = await api.call<JobDefinition>(c, "PATCH", definitionApiPath(id), {
      ifMatch: form.text("etag"),
      body,
    });
    if (patched.status !== 200) return page(c, id, refusal(patched));
    return c.redirect(
      `${definitionHref(id)}?done=${action === "reset" ? "reset" : action === "suspend" ? "suspended" : "resumed"}`,
      303,
    );
  });

  return app;
};
