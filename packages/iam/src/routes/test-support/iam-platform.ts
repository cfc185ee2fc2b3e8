import { afterAll, beforeAll } from "vitest";
import type { TestPlatform } from "@platform/http/testing";
import { iamInternalsKey } from "../../internals.ts";
import type { IamService } from "../../service.ts";
import { bootIam } from "../../testing/boot.ts";

// Module bindings are live: a test file that imports these reads, inside its tests, what useIamPlatform's beforeAll
// set, so the tests split out of one file read `t`, `owner` and `iam` as they did before.
export let t: TestPlatform;
export let owner: { token: string; principalId: string };
export let iam: IamService;

/** One IAM test platform with an owner for the calling test file: booted before its tests, closed after them. */
export const useIamPlatform = () => {
  beforeAll(async () => {
    ({ t, owner } = await bootIam());
    iam = t.platform.ports.get(iamInternalsKey).service;
  });
  afterAll(() => t.close());
};
