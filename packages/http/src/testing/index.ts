export { createTestPlatform } from "./test-platform.ts";
export type { TestPlatform, TestRequest } from "./test-platform.ts";
export { staticAuthContext } from "./static-auth.ts";
export type { StaticCaller } from "./static-auth.ts";
export { startTestServer } from "./test-server.ts";
export type { TestServer } from "./test-server.ts";
export { call, expectError, json } from "./call.ts";
export type { Answer, Json } from "./call.ts";
export { useTestPlatform } from "./use-test-platform.ts";
