import { spawn } from "node:child_process";
import { freePort } from "@platform/db/testing";

/**
 * A webhook receiver in a process of its own, as a consumer runs one: each POST to `/<name>` is verified with the
 * standardwebhooks package against that name's secret, answered 204, and noted as its arrival time (`Date.now()`) and
 * the event's `at`. The bench reads the notes through the receiver's own routes (`/_trust`, `/_arrivals`), never on the
 * service's path. Stopped with `stop()`.
 */
export const startReceiverProcess = async () => {
  const port = await freePort();
  const script = `
import { createServer } from "node:http";
import { Webhook } from "standardwebhooks";
const secrets = new Map();
const arrivals = new Map();
let refused = 0;
const read = (req) => new Promise((resolve) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
});
createServer(async (req, res) => {
  const url = new URL(req.url, "http://x");
  const body = await read(req);
  if (url.pathname === "/_trust") {
    const { name, secret } = JSON.parse(body);
    secrets.set("/" + name, new Webhook(secret));
    return res.writeHead(204).end();
  }
  if (url.pathname === "/_arrivals") {
    const list = arrivals.get("/" + url.searchParams.get("name")) ?? [];
    const from = Number(url.searchParams.get("from") ?? 0);
    res.writeHead(200, { "content-type": "application/json" });
    const delays = list.slice(from).map((a) => a.at - a.eventAt);
    return res.end(JSON.stringify({ count: list.length, refused, delays }));
  }
  const arrivedAt = Date.now();
  try {
    const payload = secrets.get(url.pathname).verify(body, req.headers);
    let list = arrivals.get(url.pathname);
    if (!list) arrivals.set(url.pathname, (list = []));
    list.push({ at: arrivedAt, eventAt: Date.parse(payload.at) });
    res.writeHead(204).end();
  } catch {
    refused++;
    res.writeHead(401).end();
  }
}).listen(${port}, "127.0.0.1", () => console.log("listening"));
`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => d.toString().includes("listening") && resolve());
    child.once("exit", (code) => reject(new Error(`the receiver process exited (${code})`)));
  });
  const base = `http://127.0.0.1:${port}`;
  return {
    url: (name: string) => `${base}/${name}`,
    pid: child.pid!,
    /** The secret of `/<name>`'s deliveries. */
    trust: async (name: string, secret: string) => {
      await fetch(`${base}/_trust`, { method: "POST", body: JSON.stringify({ name, secret }) });
    },
    /** How many deliveries to `/<name>` arrived, how many were refused, and the delays (ms) of those from `from` on. */
    arrivals: async (name: string, from = 0) =>
      (await (await fetch(`${base}/_arrivals?name=${name}&from=${from}`)).json()) as {
        count: number;
        refused: number;
        delays: number[];
      },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
};
