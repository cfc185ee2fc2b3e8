import { describe, expect, it } from "vitest";
import { refusedRequest } from "./request-guard.ts";

const codeOf = (path: string, headers: Record<string, string | undefined> = {}) =>
  refusedRequest(path, headers)?.body.error.code ?? "sent";

describe("what the portal will not send to the API", () => {
  it("sends the paths it builds (ids percent-encoded, a query after them) and the ETags the API gave", () => {
    expect(codeOf("/resources/iam/principals/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", { "If-Match": '"v12"' })).toBe(
      "sent",
    );
    expect(codeOf("/resources/job-definitions/reports/eu/nightly?occurrences=5", { "If-Match": 'W/"v1"' })).toBe(
      "sent",
    );
    expect(
      codeOf(`/resources/iam/roles/${encodeURIComponent("app:x/é ..\n")}`, { "If-Match": "", "X-Client-Id": "portal" }),
    ).toBe("sent");
    expect(codeOf("/resources/me", { "If-Match": undefined })).toBe("sent");
  });

  it("refuses an If-Match that is no entity tag: CR, LF, NUL, characters past Latin-1, unquoted, a list, *", () => {
    for (const etag of [
      '"v1"\r\nX-Injected: 1',
      '"v\n1"',
      "\n",
      '"v1\u0000"',
      '"v1👋"',
      '"v1é"',
      "v1",
      '"v1", "v2"',
      "*",
      '"v1',
      `"${"9".repeat(300)}"`,
    ])
      expect([etag, codeOf("/resources/iam/roles/x", { "If-Match": etag })]).toEqual([etag, "INVALID_REQUEST"]);
  });

  it(
    "refuses any other header value a fetch could not send unchanged, and a path with a dot " +
      "segment or a raw character",
    () => {
      expect(codeOf("/resources/me/pat", { "X-Client-Id": "a\nb" })).toBe("INVALID_REQUEST");
      expect(codeOf("/resources/me/pat", { "X-Client-Id": "👋" })).toBe("INVALID_REQUEST");
      const paths = [
        "/resources/jobs/../iam/principals/x",
        "/resources/x/.",
        "/resources/%2E%2e/iam",
        "/resources/a b",
        "/resources/a\nb",
        "resources/x",
      ];
      for (const path of [...paths, "/resources/é"]) expect([path, codeOf(path)]).toEqual([path, "INVALID_REQUEST"]);
    },
  );
});
