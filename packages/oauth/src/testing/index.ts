export { CookieJar, createBrowser, hiddenField, authorizeInBrowser } from "./browser-flow.ts";
export type { TestBrowser } from "./browser-flow.ts";
