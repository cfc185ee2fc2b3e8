import { spawn } from "node:child_process";
import { freePort } from "@platform/db/testing";

/**
 * A bare Hono route in a process of its own (`GET /` answering a small JSON), served by @hono/node-server as the
 * service is: the ceiling any route of ours can be measured against. Stopped with `stop()`.
 */
export const startBareHono = async () => {
  const port = await freePort();
  const script = [
    'import { Hono } from "hono";',
    'import { serve } from "@hono/node-server";',
    "const app = new Hono();",
    'app.get("/", (c) => c.json({ ok: true }));',
    `serve({ fetch: app.fetch, port: ${port}, hostname: "127.0.0.1" }, () => console.log("listening"));`,
  ].join("\n");
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => d.toString().includes("listening") && resolve());
    child.once("exit", (code) => reject(new Error(`the bare Hono process exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
};
