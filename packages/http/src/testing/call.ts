import { expect } from "vitest";
import type { TestPlatform, TestRequest } from "./test-platform.ts";

/** A JSON body, loosely typed for assertions. */
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** What a test reads of an answer: its status, ETag (or ""), headers, body as JSON (null when empty) and as text. */
export type Answer = {
  readonly status: number;
  readonly etag: string;
  readonly headers: Headers;
  readonly body: Json;
  readonly text: string;
};

const parsed = (text: string): Json => {
  if (!text) return null as unknown as Json;
  try {
    return JSON.parse(text) as Json;
  } catch {
    return null as unknown as Json;
  }
};

/** Sends a request through the test platform's gateway and reads the whole answer. */
export const call = async (
  t: Pick<TestPlatform, "request">,
  method: string,
  path: string,
  init: TestRequest = {},
): Promise<Answer> => {
  const res = await t.request(method, path, init);
  const text = await res.text();
  return { status: res.status, etag: res.headers.get("etag") ?? "", headers: res.headers, body: parsed(text), text };
};

/** Reads a JSON response with a loose type for assertions. */
// eslint-disable-line @typescript-eslint/no-explicit-any
export const json = async (res: Response): Promise<any> => res.json();

/** The answer is the contract's error shape with this status and code (any code when not given) and a message. */
export const expectError = (res: { readonly status: number; readonly body: Json }, status: number, code?: string) => {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code: code ?? res.body?.error?.code });
  expect(typeof res.body.error.message).toBe("string");
};
