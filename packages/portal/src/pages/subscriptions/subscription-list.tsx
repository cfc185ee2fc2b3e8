import { Hono } from "hono";
import type { ApiClient } from "../../api/api-client.ts";
import { ApiErrorNotice, pageStatus } from "../../html/api-error.tsx";
import { Page } from "../../html/layout.tsx";
import { Pager, listQuery } from "../../html/pager.tsx";
import type { ListPage } from "../../html/pager.tsx";
import { render } from "../../html/render.ts";
import { Table } from "../../html/table.tsx";
import type { PortalEnv } from "../../session/viewer.ts";
import { PositionText, SECTION, StatusBadge, subscriptionHref } from "./subscription-types.tsx";
import type { Subscription } from "./subscription-types.tsx";

const LIMIT = 50;

/** `/portal/subscriptions`: every subscription by id, where it delivers, what, its status and how far it got; paged. */
export const subscriptionListRoutes = (api: ApiClient) => {
  const app = new Hono<PortalEnv>();

  app.get(SECTION, async (c) => {
    const viewer = c.get("viewer");
    const q = c.req.query();
    const answer = await api.call<ListPage & { subscriptions: Subscription[] }>(
      c,
      "GET",
      `/resources/subscriptions${listQuery(LIMIT, {}, q)}`,
    );
    return render(
      c,
      <Page title="Subscriptions" viewer={viewer} section={SECTION}>
        <p class="hint">
          Outbound webhooks: each POSTs the events of its types to its URL, signed, each stream's in order, at least
          once.
        </p>
        {viewer.can("subscriptions", "write") ? (
          <p>
            <a href={`${SECTION}/new`} class="button">
              New subscription
            </a>
          </p>
        ) : null}
        {answer.status !== 200 ? (
          <ApiErrorNotice answer={answer} />
        ) : answer.body.subscriptions.length === 0 ? (
          <p>No subscriptions yet.</p>
        ) : (
          <>
            <Table
              label="Subscriptions"
              columns={[
                { title: "Subscription" },
                { title: "URL", wide: true },
                { title: "Event types", wide: true },
                { title: "Status" },
                { title: "Position", wide: true },
              ]}
            >
              {answer.body.subscriptions.map((s) => (
                <tr>
                  <td>
                    <a href={subscriptionHref(s.subscriptionId)} class="mono">
                      {s.subscriptionId}
                    </a>
                  </td>
                  <td class="hide-narrow mono">{s.url}</td>
                  <td class="hide-narrow">{s.eventTypes.join(", ")}</td>
                  <td>
                    <StatusBadge status={s.status} />
                  </td>
                  <td class="hide-narrow">
                    <PositionText position={s.position} />
                  </td>
                </tr>
              ))}
            </Table>
            <Pager
              base={SECTION}
              filters={{}}
              page={answer.body}
              shown={answer.body.subscriptions.length}
              limit={LIMIT}
              moved={!!(q.after || q.before)}
            />
          </>
        )}
      </Page>,
      answer.status === 200 ? 200 : pageStatus(answer),
    );
  });

  return app;
};
