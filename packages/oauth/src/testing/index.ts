export { startTestServer } from "./test-server.ts";
export type { TestServer } from "./test-server.ts";
export { CookieJar, createBrowser, hiddenField, authorizeInBrowser } from "./browser-flow.ts";
export type { TestBrowser } from "./browser-flow.ts";
