import { Hono } from "hono";
import type { ApiClient } from "../../api/api-client.ts";
import { ApiErrorNotice, pageStatus } from "../../html/api-error.tsx";
import { Page } from "../../html/layout.tsx";
import { MissingPage } from "../../html/missing.tsx";
import { Pager } from "../../html/pager.tsx";
import type { ListPage } from "../../html/pager.tsx";
import { render } from "../../html/render.ts";
import type { PortalEnv } from "../../session/viewer.ts";
import { SENDINGS_SECTION } from "../sendings/sending-list.tsx";
import { JournalEntry } from "./journal-event.tsx";
import type { JournalEvent } from "./journal-event.tsx";
import { ORDERS_SECTION } from "./order-list.tsx";

const LIMIT = 50;

/** `GET /resources/actors/{type}/{id}`: `{actor, state}`. */
type ActorAnswer = {
  readonly actor: {
    readonly type: string;
    readonly id: string;
    readonly identifiers: Readonly<Record<string, string>>;
    readonly version: number;
  };
  readonly state: unknown;
};

const SECTIONS: Readonly<Record<string, string>> = { order: ORDERS_SECTION, sending: SENDINGS_SECTION };

/**
 * `/portal/actors/{type}/{id}`: the actor's state as of a version chosen with a slider (the
 * API replays its journal to that version), and its journal with each event's metadata.
 */
export const actorPageRoutes = (api: ApiClient) =>
  new Hono<PortalEnv>().get("/portal/actors/:type/:id", async (c) => {
    const viewer = c.get("viewer");
    const type = c.req.param("type");
    const base = `/portal/actors/${encodeURIComponent(type)}/${encodeURIComponent(c.req.param("id"))}`;
    const path = `/resources/actors/${encodeURIComponent(type)}/${encodeURIComponent(c.req.param("id"))}`;
    const section = SECTIONS[type];
    const current = await api.call<ActorAnswer>(c, "GET", path);
    if (current.status !== 200)
      return render(
        c,
        <MissingPage
          viewer={viewer}
          section={section ?? "/portal"}
          what="Actor"
          answer={current}
          back={section ?? "/portal"}
          backLabel="Back"
        />,
        pageStatus(current),
      );
    const q = c.req.query();
    const latest = current.body.actor.version;
    const asked = q.version === undefined || q.version === "" ? latest : q.version;
    const journalQuery = new URLSearchParams({ limit: String(LIMIT) });
    if (q.after) journalQuery.set("after", q.after);
    if (q.before) journalQuery.set("before", q.before);
    const [at, journal] = await Promise.all([
      String(asked) === String(latest)
        ? current
        : api.call<ActorAnswer>(c, "GET", `${path}?version=${encodeURIComponent(String(asked))}`),
      api.call<ListPage & { events: JournalEvent[] }>(c, "GET", `${path}/journal?${journalQuery}`),
    ]);
    const shown = at.status === 200 ? at.body.actor.version : latest;
    const { actor } = current.body;
    const name = Object.entries(actor.identifiers).find(([k]) => k !== "id" && !k.endsWith("Id"))?.[1] ?? actor.id;
    return render(
      c,
      <Page title={`${actor.type} ${name}`} viewer={viewer} section={section}>
        <section class="card" aria-labelledby="facts-heading">
          <h2 id="facts-heading">Actor</h2>
          <dl class="facts">
            <dt>Type</dt>
            <dd>{actor.type}</dd>
            {Object.entries(actor.identifiers).map(([k, v]) => (
              <>
                <dt>{k}</dt>
                <dd class="mono">{v}</dd>
              </>
            ))}
            <dt>Version</dt>
            <dd>{latest}</dd>
          </dl>
        </section>
        <section class="card" aria-labelledby="state-heading">
          <h2 id="state-heading">
            {shown === latest ? `State (latest, v${latest})` : `State as of v${shown} of ${latest}`}
          </h2>
          {at.status !== 200 ? <ApiErrorNotice answer={at} /> : null}
          <form method="get" action={base} class="slider" data-autosubmit>
            <label for="version">Version</label>
            <input
              id="version"
              name="version"
              type="range"
              min="1"
              max={String(latest)}
              step="1"
              value={String(shown)}
              aria-valuetext={`version ${shown} of ${latest}`}
            />
            <output for="version">{`v${shown} of ${latest}`}</output>
            {q.after ? <input type="hidden" name="after" value={q.after} /> : null}
            {q.before ? <input type="hidden" name="before" value={q.before} /> : null}
            <button type="submit" class="secondary">
              Show
            </button>
          </form>
          <pre class="json" tabindex={0} aria-label={`State at v${shown}`} data-testid="state">
            {JSON.stringify(at.status === 200 ? at.body.state : current.body.state, null, 2)}
          </pre>
        </section>
        <h2 id="journal-heading">Journal</h2>
        {journal.status !== 200 ? (
          <ApiErrorNotice answer={journal} />
        ) : (
          <>
            <ol class="journal" aria-labelledby="journal-heading">
              {journal.body.events.map((e) => (
                <JournalEntry event={e} viewer={viewer} base={base} selected={e.version === shown} />
              ))}
            </ol>
            <Pager
              base={base}
              filters={{ version: q.version }}
              page={journal.body}
              shown={journal.body.events.length}
              limit={LIMIT}
              moved={!!(q.after || q.before)}
            />
          </>
        )}
        {section ? (
          <p>
            <a href={section}>Back</a>
          </p>
        ) : null}
      </Page>,
      at.status === 200 ? 200 : pageStatus(at),
    );
  });
