import { connect } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestPlatform } from "@platform/http/testing";
import type { FuzzWorld } from "@platform/http/testing/fuzz";
import { fuzzOptions, fuzzedOperations, startFuzzWorld } from "./fuzz-world.ts";

/**
 * What only a socket can send: a Content-Length that is not the body's length (more promised
 * than sent, then the client stops writing; or less, the rest arriving as garbage where the
 * next request should start), and huge or garbled header blocks. The server answers each
 * with a 4xx or closes the connection; never a 5xx, and the event log does not move.
 */
const writes = fuzzedOperations.filter((op) => op.method !== "get" && !op.path.includes("{"));
const options = fuzzOptions(fuzzedOperations.length);
/** 80 requests in `npm test`; in the long run, as long as five operations get. */
const framingMs = options.long ? options.timeLimitMs * 5 : 20_000;
let t: TestPlatform;
let world: FuzzWorld;
let port: number;
let close: () => Promise<void>;

beforeAll(async () => {
  let url: string;
  ({ t, url, world, close } = await startFuzzWorld());
  port = Number(new URL(url).port);
});
afterAll(async () => close?.());

/** Sends `head` and `body` as they are, stops writing, and gives back every status line the server answered with. */
const exchange = (head: string, body: Buffer): Promise<number[]> =>
  new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    const done = () => resolve([...received.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => Number(m[1])));
    const timer = setTimeout(() => socket.destroy(), 3_000);
    socket.on("data", (d: Buffer) => (received += d.toString("latin1")));
    socket.on("error", () => undefined); // a reset is an answer too: the server closed on us
    socket.on("close", () => {
      clearTimeout(timer);
      done();
    });
    socket.write(head);
    socket.end(body);
  });

const requestHead = (method: string, path: string, headers: Record<string, string>) =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("")}\r\n`;

describe("request framing over a socket", () => {
  it(
    "a Content-Length that is not the body's, and odd header blocks, on every write route: a " +
      "4xx or a closed connection, never a 5xx, nothing appended",
    async () => {
      const framing = fc.record({
        op: fc.constantFrom(...writes),
        body: fc.oneof(fc.constant("{}"), fc.constant("a=b&c=d"), fc.json({ maxDepth: 2 })),
        shift: fc.oneof(
          fc.integer({ min: -20, max: -1 }),
          fc.integer({ min: 1, max: 5_000 }),
          fc.constantFrom(2 ** 31, 1e15),
        ),
        header: fc.constantFrom<[string, string] | undefined>(
          undefined,
          ["Content-Length", "12, 13"],
          ["Content-Length", "-1"],
          ["Content-Length", "abc"],
          ["Transfer-Encoding", "chunked"],
          ["Authorization", `Bearer ${"x".repeat(20_000)}`],
          ["X-Garbled", "\u00ff\u00fe"],
        ),
        auth: fc.boolean(),
      });
      const answered = new Map<string, number>();
      await fc.assert(
        fc.asyncProperty(framing, async ({ op, body, shift, header, auth }) => {
          const before = await t.platform.store.headPosition();
          const bytes = Buffer.from(body, "utf8");
          const headers: Record<string, string> = {
            "Content-Type": op.form ? "application/x-www-form-urlencoded" : "application/json",
            "Content-Length": String(Math.max(0, bytes.length + shift)),
          };
          if (auth) headers.Authorization = `Bearer ${world.token}`;
          if (header) headers[header[0]] = header[1];
          const statuses = await exchange(requestHead(op.method.toUpperCase(), op.path, headers), bytes);
          const key = statuses.join("+") || "closed";
          answered.set(key, (answered.get(key) ?? 0) + 1);
          const odd = header ? `, ${header[0]}: ${header[1].slice(0, 20)}` : "";
          const label =
            `${op.method.toUpperCase()} ${op.path} Content-Length ${headers["Content-Length"]} ` +
            `for ${bytes.length} bytes${odd} (FUZZ_SEED=${options.seed})`;
          expect(
            statuses.filter((s) => s >= 500),
            label,
          ).toEqual([]);
          expect(await t.platform.store.headPosition(), label).toBe(before);
        }),
        {
          seed: options.seed,
          numRuns: options.long ? Number.MAX_SAFE_INTEGER : 80,
          interruptAfterTimeLimit: framingMs,
          markInterruptAsFailure: false,
        },
      );
      const tally = [...answered]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, n]) => `${k}: ${n}`)
        .join(", ");
      console.log(
        `fuzz (framing): ${[...answered.values()].reduce((a, b) => a + b, 0)} requests over a socket ` +
          `(${tally}), FUZZ_SEED=${options.seed}`,
      );
      expect(writes.length).toBeGreaterThan(10);
    },
    framingMs + 60_000,
  );
});
