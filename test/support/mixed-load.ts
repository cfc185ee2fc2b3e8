/**
 * A mixed load on the service's gateways, as many users at once, each request sent to the next live gateway in turn:
 * orders placed through the docs' shop app's public ingress (an order and a confirmation mail each), messages that
 * change a line's quantity on a few hot orders (so both gateways write the same actors at once), and jobs of the
 * app's job definition (a mail each). It keeps what was acknowledged, so a test can look for every bit of it later.
 */

/** What the service acknowledged. */
export type Acknowledged = {
  /** Order id → the quantities its acknowledged messages set on line "1". */
  readonly orders: Map<string, number[]>;
  /** The addresses mails were acknowledged for (a placed order's customer, a job's `to`). */
  readonly mails: string[];
  readonly jobs: string[];
  /** Answers other than the acknowledgement (a dead gateway's dropped connection is not one of them). */
  readonly unexpected: string[];
  /** Requests whose connection broke (their gateway was killed): not acknowledged, so nothing to look for. */
  broken: number;
};

type Options = {
  /** The gateways alive now (read for each request). */
  readonly gateways: () => readonly string[];
  readonly token: string;
  readonly users: number;
};

const placeOrder = (n: string) => ({
  orderNumber: `MP-${n}`,
  email: `order-${n}@example.test`,
  name: "Many Processes",
  addressLine1: "Drottninggatan 1",
  postalCode: "11151",
  city: "Stockholm",
  productNumber: "MUG-1",
  description: "Mug",
  quantity: 1,
  unitPrice: 99.5,
});

export const startMixedLoad = (options: Options) => {
  const acked: Acknowledged = { orders: new Map(), mails: [], jobs: [], unexpected: [], broken: 0 };
  let turn = 0;
  let running = true;
  const hot: string[] = [];

  const send = async (path: string, body: unknown, auth: boolean): Promise<Response | undefined> => {
    const live = options.gateways();
    const gateway = live[turn++ % live.length]!;
    try {
      return await fetch(`${gateway}${path}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          ...(auth ? { Authorization: `Bearer ${options.token}` } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch {
      acked.broken++;
      return undefined;
    }
  };
  const unexpected = async (what: string, r: Response) =>
    void acked.unexpected.push(`${what}: ${r.status} ${(await r.text()).slice(0, 300)}`);

  const user = async (u: number) => {
    for (let i = 0; running; i++) {
      const n = `${u}-${i}`;
      const kind = i % 4;
      if (kind === 0 || hot.length === 0) {
        const r = await send("/ingress/shop/orders", placeOrder(n), false);
        if (!r) continue;
        const answer = r.status === 200 ? ((await r.json()) as { accepted?: boolean; orderId?: string }) : undefined;
        if (!answer?.accepted || !answer.orderId) {
          await unexpected(`order ${n}`, r);
          continue;
        }
        acked.orders.set(answer.orderId, []);
        acked.mails.push(`order-${n}@example.test`);
        if (hot.length < 4) hot.push(answer.orderId);
      } else if (kind === 3) {
        const to = `job-${n}@example.test`;
        const r = await send(
          "/resources/jobs",
          { jobDefinitionId: "apps/shop/daily-reminder", parameters: { to } },
          true,
        );
        if (!r) continue;
        if (r.status !== 201) {
          await unexpected(`job ${n}`, r);
          continue;
        }
        acked.jobs.push(((await r.json()) as { jobId: string }).jobId);
        acked.mails.push(to);
      } else {
        // A quantity no other message sets: each acknowledged one must be in the order's journal.
        const orderId = hot[(u + i) % hot.length]!;
        const quantity = 1000 + u * 100_000 + i;
        const message = [
          {
            type: "applyCommands",
            body: { commands: [{ type: "changeOrderLineQuantity", orderLineId: "1", quantity }] },
          },
        ];
        const r = await send(`/resources/actors/order/${orderId}`, message, true);
        if (!r) continue;
        if (r.status !== 200) {
          await unexpected(`message ${n} to ${orderId}`, r);
          continue;
        }
        await r.body?.cancel();
        acked.orders.get(orderId)!.push(quantity);
      }
    }
  };
  const users = Array.from({ length: options.users }, (_, u) => user(u));
  return {
    acked,
    /** Stops sending; resolves once every user's last request has been answered. */
    stop: async () => {
      running = false;
      await Promise.all(users);
      return acked;
    },
  };
};
