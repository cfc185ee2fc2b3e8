import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPlatform } from "@platform/http/testing";
import type { TestPlatform } from "@platform/http/testing";
import { createPrincipalWithToken, defineTestRole } from "@platform/iam/testing";
import { PASSWORD, PORTAL_TEST_CONTEXTS } from "../e2e/portal-browser.ts";
import { formsOf } from "../testing/html-forms.ts";
import { portalSession } from "../testing/portal-session.ts";
import type { PortalSession } from "../testing/portal-session.ts";

/**
 * A form field the portal passes on to the API's headers or paths (the hidden `etag` becomes
 * If-Match, an id becomes a path segment) is checked like any other input: a value fetch
 * cannot send, or one that would address another resource, is the form's 400, shown on the
 * page with its error, and changes nothing. It was a 500 (Headers.set threw on a newline).
 */
let t: TestPlatform;
let owner: PortalSession;
let ownerToken: string;
beforeAll(async () => {
  t = await createTestPlatform(PORTAL_TEST_CONTEXTS);
  const o = await createPrincipalWithToken(t, {
    roles: ["system:owner"],
    password: PASSWORD,
    email: "form-owner@example.test",
  });
  ownerToken = o.token;
  owner = await portalSession(t, { email: o.email, password: PASSWORD });
});
afterAll(() => t?.close());

const head = () => t.platform.store.headPosition();
const apiGet = async <T>(path: string) => (await (await t.request("GET", path, { token: ownerToken })).json()) as T;
/** The etag field of the first form on a portal page. */
const etagOn = async (path: string) =>
  formsOf(await (await owner.get(path)).text())
    .flatMap((f) => f.fields)
    .find(([name]) => name === "etag")![1];

const BAD_ETAGS = (etag: string) => [
  `${etag}\r\nX-Injected: wapiti`,
  `"v\n1"`,
  `${etag.slice(0, -1)}\u0000"`,
  `${etag}👋`,
  "\n",
];

describe("a portal form whose fields cannot go into the API's request", () => {
  it(
    "suspending a principal with a newline (or NUL, or a non-Latin-1 character) in the etag " +
      "field: 400, the error shown, nobody suspended",
    async () => {
      const target = await createPrincipalWithToken(t, { name: "Target Person" });
      const etag = await etagOn(`/portal/principals/${target.principalId}`);
      expect(etag).toMatch(/^"v\d+"$/);
      for (const bad of BAD_ETAGS(etag)) {
        const before = await head();
        const res = await owner.post(`/portal/principals/${target.principalId}/suspend`, [
          ["csrf", owner.csrf],
          ["etag", bad],
        ]);
        const html = await res.text();
        expect([JSON.stringify(bad), res.status, res.headers.get("content-type")]).toEqual([
          JSON.stringify(bad),
          400,
          "text/html; charset=UTF-8",
        ]);
        expect(html).toContain(
          bad.includes("\u0000") ? "cannot be stored" : "reload the page and make the change again",
        );
        expect(await head()).toBe(before);
      }
      expect(
        (await apiGet<{ suspendedAt: string | null }>(`/resources/iam/principals/${target.principalId}`)).suspendedAt,
      ).toBeNull();
    },
  );

  it(
    "the edit form with a newline in the etag field, or in a role, shows the form again (400) " + "and saves nothing",
    async () => {
      const target = await createPrincipalWithToken(t, { name: "Kept Name" });
      const etag = await etagOn(`/portal/principals/${target.principalId}`);
      const before = await head();
      const edit = (etagField: string) =>
        owner.post(`/portal/principals/${target.principalId}`, [
          ["csrf", owner.csrf],
          ["etag", etagField],
          ["name", "Changed Name"],
          ["email", target.email],
        ]);
      const res = await edit(`"v\n1"`);
      const html = await res.text();
      expect(res.status).toBe(400);
      expect(html).toContain("reload the page and make the change again");
      expect(html).toContain('<form method="post" action="/portal/principals/');
      expect(await head()).toBe(before);
      expect((await apiGet<{ name: string }>(`/resources/iam/principals/${target.principalId}`)).name).toBe(
        "Kept Name",
      );
      // A role no form offers (a newline in it) is refused before the properties are saved, not after.
      const fields = [
        ["csrf", owner.csrf],
        ["etag", etag],
        ["name", "Changed Name"],
        ["email", target.email],
        ["roles", "a\nb:c"],
      ] as const;
      const roles = await owner.post(`/portal/principals/${target.principalId}`, fields);
      expect([roles.status, (await roles.text()).includes("A chosen role is not one the form offered.")]).toEqual([
        400,
        true,
      ]);
      expect(await head()).toBe(before);
      // The same form with the etag it was given still saves.
      const saved = await edit(etag);
      expect([saved.status, saved.headers.get("location")]).toEqual([
        303,
        `/portal/principals/${target.principalId}?done=saved`,
      ]);
    },
  );

  it(
    "saving and deleting a role with a carriage return in the etag field answers 400 and keeps " + "the role as it was",
    async () => {
      await defineTestRole(t, "form:role", ["orders:read"]);
      const etag = await etagOn("/portal/roles/form:role");
      const before = await head();
      const fields = [
        ["csrf", owner.csrf],
        ["etag", `${etag}\rX`],
        ["description", "changed"],
        ["acl", "orders:write"],
      ] as const;
      const saved = await owner.post("/portal/roles/form:role", fields);
      const deleted = await owner.post("/portal/roles/form:role/delete", [
        ["csrf", owner.csrf],
        ["etag", `${etag}\rX`],
      ]);
      expect([saved.status, deleted.status]).toEqual([400, 400]);
      expect(await head()).toBe(before);
      expect((await apiGet<{ acl: { entries: unknown[] } }>("/resources/iam/roles/form:role")).acl.entries).toEqual([
        { resource: "orders", permission: "read" },
      ]);
    },
  );
});
