import type { ApiAnswer } from "../../api/api-client.ts";
import { ApiErrorNotice } from "../../html/api-error.tsx";
import { when } from "../../html/format.ts";
import { Table } from "../../html/table.tsx";
import type { ListPage } from "../../html/pager.tsx";
import type { Delivery } from "./subscription-types.tsx";

/** How many of the latest attempts the page shows (the API keeps the last 1000). */
export const RECENT_DELIVERIES = 50;

/** The API's answer to `GET …/deliveries`. */
export type DeliveriesAnswer = ApiAnswer<ListPage & { deliveries: Delivery[] }>;

/**
 * A subscription's latest delivery attempts, newest first: each event's try, what the receiver answered, how long it
 * took, why it did not count.
 */
export const DeliveriesTable = (props: { answer: DeliveriesAnswer }) => {
  const { answer } = props;
  return (
    <section aria-labelledby="deliveries-heading">
      <h2 id="deliveries-heading">Recent deliveries</h2>
      {answer.status !== 200 ? (
        <ApiErrorNotice answer={answer} />
      ) : answer.body.deliveries.length === 0 ? (
        <p>No delivery attempts yet.</p>
      ) : (
        <>
          <p class="hint">
            {answer.body.deliveries.length < answer.body.totalCount
              ? `The latest ${answer.body.deliveries.length} of ${answer.body.totalCount} attempts kept, newest first.`
              : "Every attempt kept, newest first."}
          </p>
          <Table
            labelledBy="deliveries-heading"
            columns={[
              { title: "Attempted" },
              { title: "Event type" },
              { title: "Event position", wide: true },
              { title: "Attempt" },
              { title: "Status" },
              { title: "Duration (ms)", wide: true },
              { title: "Error" },
            ]}
          >
            {answer.body.deliveries.map((d) => (
              <tr>
                <td>{when(d.attemptedAt)}</td>
                <td>{d.eventType}</td>
                <td class="hide-narrow mono">{d.eventPosition}</td>
                <td>{String(d.attempt)}</td>
                <td>{d.status === null ? "none" : String(d.status)}</td>
                <td class="hide-narrow">{String(d.durationMs)}</td>
                <td class="mono">{d.error ?? "—"}</td>
              </tr>
            ))}
          </Table>
        </>
      )}
    </section>
  );
};
