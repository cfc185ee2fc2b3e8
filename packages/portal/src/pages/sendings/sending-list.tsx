import { Hono } from "hono";
import type { ApiClient } from "../../api/api-client.ts";
import { ApiErrorNotice, pageStatus } from "../../html/api-error.tsx";
import { when } from "../../html/format.ts";
import { FilterForm, SelectFilter, TextFilter } from "../../html/filters.tsx";
import { Page } from "../../html/layout.tsx";
import { Pager, listQuery } from "../../html/pager.tsx";
import type { ListPage } from "../../html/pager.tsx";
import { render } from "../../html/render.ts";
import { Table } from "../../html/table.tsx";
import type { PortalEnv } from "../../session/viewer.ts";
import { QueueHealthCards, loadQueueHealth, loadTransportHealth } from "./queue-health.tsx";
import {
  ERASED,
  SENDING_STATUSES,
  StatusBadge,
  TRANSPORTS,
  TRANSPORT_LABELS,
  subjectOf,
  transportLabel,
} from "./sending-types.tsx";
import type { Sending } from "./sending-types.tsx";

const LIMIT = 25;
export const SENDINGS_SECTION = "/portal/sendings";

/**
 * `/portal/sendings`: the queue's health, in all and by transport, then sendings by status, transport, category and
 * recipient.
 */
export const sendingListRoutes = (api: ApiClient) =>
  new Hono<PortalEnv>().get("/portal/sendings", async (c) => {
    const viewer = c.get("viewer");
    const q = c.req.query();
    const status = (SENDING_STATUSES as readonly string[]).includes(q.status ?? "") ? q.status : undefined;
    const transport = (TRANSPORTS as readonly string[]).includes(q.transport ?? "") ? q.transport : undefined;
    const filters = {
      status,
      transport,
      category: q.category?.trim() || undefined,
      recipient: q.recipient?.trim() || undefined,
    };
    const [answer, health, transports] = await Promise.all([
      api.call<ListPage & { sendings: Sending[] }>(c, "GET", `/resources/sendings${listQuery(LIMIT, filters, q)}`),
      loadQueueHealth(api, c),
      loadTransportHealth(api, c),
    ]);
    return render(
      c,
      <Page title="Sendings" viewer={viewer} section={SENDINGS_SECTION}>
        <QueueHealthCards health={health} transports={transports} />
        <FilterForm action="/portal/sendings" label="Find sendings">
          <SelectFilter name="status" label="Status" options={SENDING_STATUSES} value={status} />
          <SelectFilter
            name="transport"
            label="Transport"
            options={TRANSPORTS}
            value={transport}
            labels={TRANSPORT_LABELS}
          />
          <TextFilter
            name="category"
            label="Category"
            value={filters.category}
            maxlength={200}
            placeholder="e.g. system:password-reset"
          />
          <TextFilter name="recipient" label="Recipient" value={filters.recipient} maxlength={320} />
        </FilterForm>
        {answer.status !== 200 ? (
          <ApiErrorNotice answer={answer} />
        ) : answer.body.sendings.length === 0 ? (
          <p>No sendings match.</p>
        ) : (
          <>
            <Table
              label="Sendings"
              columns={[
                { title: "Recipient" },
                { title: "Transport", wide: true },
                { title: "Status" },
                { title: "Subject", wide: true },
                { title: "Category", wide: true },
                { title: "Retries", wide: true },
                { title: "Created" },
              ]}
            >
              {answer.body.sendings.map((s) => (
                <tr>
                  <td>
                    <a href={`/portal/sendings/${s.sendingId}`}>{s.recipient ?? ERASED}</a>
                  </td>
                  <td class="hide-narrow">{transportLabel(s.transport)}</td>
                  <td>
                    <StatusBadge status={s.status} />
                  </td>
                  <td class="hide-narrow">{subjectOf(s)}</td>
                  <td class="hide-narrow">
                    <span class="badge">{s.category}</span>
                  </td>
                  <td class="hide-narrow">{s.retryCount}</td>
                  <td>{when(s.createdAt)}</td>
                </tr>
              ))}
            </Table>
            <Pager
              base="/portal/sendings"
              filters={filters}
              page={answer.body}
              shown={answer.body.sendings.length}
              limit={LIMIT}
              moved={!!(q.after || q.before)}
            />
          </>
        )}
      </Page>,
      answer.status === 200 ? 200 : pageStatus(answer),
    );
  });
