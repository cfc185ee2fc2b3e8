import { afterAll, beforeAll, expect } from "vitest";
import type { RunResult, Sandbox } from "../index.ts";
import { createSandbox } from "../testing.ts";

/** The escape and limit tests' component: `body` as its run function, `parameters` as its declaration. */
export const component = (body: string, parameters = "{}") =>
  `export const parameters = ${parameters};\nexport default async function run(params, ctx) {\n${body}\n}\n`;
export const failed = (message: string, details?: unknown): RunResult => ({
  ok: false,
  error:
    details === undefined
      ? { code: "COMPONENT_FAILED", message }
      : { code: "COMPONENT_FAILED", message, details: details as never },
});
const TIMEOUT = 300;

export let sandbox: Sandbox;
/** One sandbox (one worker, the short deadline) for the file's tests, disposed after them; call once per file. */
export const useSandbox = () => {
  beforeAll(() => {
    sandbox = createSandbox({ timeoutMs: TIMEOUT, workers: 1 });
  });
  afterAll(() => sandbox.dispose());
};

const trivial = () => sandbox.compile(component("return 1"));
/** The next run works. */
export const warm = async () => expect(await (await trivial()).run({})).toEqual({ ok: true, value: 1 });
export const run = async (body: string, ctx = {}) => (await sandbox.compile(component(body))).run({}, ctx);
/** The component's own frames only: QuickJS's positions, never a host path. */
export const componentStack = expect.stringMatching(/^(\s+at \S+ \((component\.js|<input>):\d+:\d+\)\n?)+$/);
