import { Hono } from "hono";
import type { ApiClient } from "../../api/api-client.ts";
import { ApiErrorNotice, pageStatus } from "../../html/api-error.tsx";
import { when } from "../../html/format.ts";
import { FilterForm, TextFilter } from "../../html/filters.tsx";
import { Page } from "../../html/layout.tsx";
import { Pager, listQuery } from "../../html/pager.tsx";
import type { ListPage } from "../../html/pager.tsx";
import { render } from "../../html/render.ts";
import { Table } from "../../html/table.tsx";
import type { PortalEnv } from "../../session/viewer.ts";

const LIMIT = 25;
export const ORDERS_SECTION = "/portal/orders";

/** A row of `GET /resources/orders`. */
type OrderRow = {
  readonly orderId: string;
  readonly orderNumber: string;
  readonly status: "open" | "cancelled";
  readonly currencyCode: string;
  readonly totals: { readonly gross: string };
  readonly lineCount: number;
  readonly createdAt: string;
  readonly version: number;
};

/** `/portal/orders`: newest first, found by order number or currency; each opens its journal. */
export const orderListRoutes = (api: ApiClient) =>
  new Hono<PortalEnv>().get("/portal/orders", async (c) => {
    const viewer = c.get("viewer");
    const q = c.req.query();
    const filters = {
      orderNumber: q.orderNumber?.trim() || undefined,
      currencyCode: q.currencyCode?.trim() || undefined,
    };
    const answer = await api.call<ListPage & { orders: OrderRow[] }>(
      c,
      "GET",
      `/resources/orders${listQuery(LIMIT, filters, q)}`,
    );
    return render(
      c,
      <Page title="Orders" viewer={viewer} section={ORDERS_SECTION}>
        <FilterForm action="/portal/orders" label="Find orders">
          <TextFilter name="orderNumber" label="Order number" value={filters.orderNumber} maxlength={100} search />
          <TextFilter
            name="currencyCode"
            label="Currency"
            value={filters.currencyCode}
            maxlength={3}
            placeholder="e.g. SEK"
          />
        </FilterForm>
        {answer.status !== 200 ? (
          <ApiErrorNotice answer={answer} />
        ) : answer.body.orders.length === 0 ? (
          <p>No orders match.</p>
        ) : (
          <>
            <Table
              label="Orders"
              columns={[
                { title: "Order" },
                { title: "Total" },
                { title: "Lines", wide: true },
                { title: "Status", wide: true },
                { title: "Version", wide: true },
                { title: "Created" },
              ]}
            >
              {answer.body.orders.map((o) => (
                <tr>
                  <td>
                    <a href={`/portal/actors/order/${o.orderId}`}>{o.orderNumber}</a>
                  </td>
                  <td>{`${o.totals.gross} ${o.currencyCode}`}</td>
                  <td class="hide-narrow">{o.lineCount}</td>
                  <td class="hide-narrow">
                    {o.status === "open" ? "open" : <span class="badge warn">cancelled</span>}
                  </td>
                  <td class="hide-narrow">{o.version}</td>
                  <td>{when(o.createdAt)}</td>
                </tr>
              ))}
            </Table>
            <Pager
              base="/portal/orders"
              filters={filters}
              page={answer.body}
              shown={answer.body.orders.length}
              limit={LIMIT}
              moved={!!(q.after || q.before)}
            />
          </>
        )}
      </Page>,
      answer.status === 200 ? 200 : pageStatus(answer),
    );
  });
