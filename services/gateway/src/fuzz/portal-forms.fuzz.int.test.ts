import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestPlatform } from "@platform/http/testing";
import { answerProblem } from "@platform/http/testing/fuzz";
import type { FuzzWorld } from "@platform/http/testing/fuzz";
import type { Operation } from "@platform/host";
import { portalSession } from "@platform/portal/testing";
import type { HtmlForm, PortalSession } from "@platform/portal/testing";
import { fuzzOptions, fuzzedOperations, startFuzzWorld } from "./fuzz-world.ts";
import { portalFormPosts } from "./portal-form-requests.ts";
import { undocumentedStatuses } from "./documented-statuses.ts";
import { crawlPortalForms, operationOfForm, standInForm } from "./portal-forms.ts";

/** The portal's form posts (signing out aside: it ends the session every other post needs). */
const portalPosts = fuzzedOperations.filter(
  (op) => op.method === "post" && op.path.startsWith("/portal/") && op.path !== "/portal/logout",
);
const options = fuzzOptions(portalPosts.length);
let t: TestPlatform;
let world: FuzzWorld;
let session: PortalSession;
let crawled: HtmlForm[];
let close: () => Promise<void>;
const statuses = new Map<number, number>();

beforeAll(async () => {
  const started = await startFuzzWorld();
  ({ t, world, close } = started);
  session = await portalSession(t, started.owner);
  crawled = await crawlPortalForms(session, started.owner.principalId);
  console.log(
    `portal fuzz: ${portalPosts.length} form routes, ${crawled.length} forms found, FUZZ_SEED=${options.seed}`,
  );
}, 120_000);
afterAll(async () => {
  const byStatus = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}: ${n}`)
    .join(", ");
  console.log(
    `portal fuzz: ${[...statuses.values()].reduce((a, b) => a + b, 0)} forms posted (${byStatus}), ` +
      `FUZZ_SEED=${options.seed}`,
  );
  await close?.();
});

/**
 * The world's path values, and the job definition fuzz-world makes (no list names a definition by an id field it
 * reads).
 */
const known = (path: string, param: string) => (param === "definitionId" ? ["fuzz/nightly"] : world.known(path, param));
const seedOf = (op: Operation) =>
  [...op.operationId].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) | 0, options.seed | 0);

/**
 * The portal's own forms, as a scanner posts them with the owner's session and form token:
 * field values with line breaks, NUL, odd and long text, fields left out or repeated, odd ids
 * in the action. Never a 5xx nor a status the document does not list; a refusal is an HTML page (or, for a path no
 * route takes, the contract's error envelope) and changes nothing; and the session
 * lives on (no post signs the owner out).
 */
/** The posts not yet answered. */
const inFlight = new Set<Promise<unknown>>();

describe("the portal's forms, posted with fuzzed fields by a signed-in owner", () => {
  it("posts every form a page shows to a published portal route", () => {
    expect(crawled.filter((f) => !operationOfForm(portalPosts, f.action)).map((f) => f.action)).toEqual([]);
    expect(crawled.length).toBeGreaterThan(10);
  });

  it.each(portalPosts.map((op) => [`POST ${op.path}`, op] as const))(
    "%s",
    async (_name, op) => {
      const found = crawled.filter((f) => operationOfForm(portalPosts, f.action) === op);
      const forms = found.length ? found : [standInForm(op, known, session.csrf)];
      // A run the time limit interrupted goes on in the background: the previous operation's last post may still be
      // appending. It ends before this operation's first post reads the log's head.
      await Promise.allSettled([...inFlight]);
      const property = fc.asyncProperty(portalFormPosts(forms), async (post) => {
        const before = await t.platform.store.headPosition();
        const posted = session.post(post.action, post.body);
        inFlight.add(posted);
        const res = await posted.finally(() => inFlight.delete(posted));
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const text = await res.text();
        const what = `POST ${post.action.slice(0, 160)} [${post.label}] (FUZZ_SEED=${options.seed})`;
        // An HTML page from the portal's route; the contract's JSON envelope from the gateway for a path no route takes
        // (an odd id).
        const problem = answerProblem(op, {
          status: res.status,
          contentType: res.headers.get("content-type") ?? "",
          text,
          path: post.action,
        });
        if (problem) throw new Error(`${what}: ${problem}\n${text.slice(0, 400)}`);
        if (undocumentedStatuses(t.platform.contracts, op, [res.status]).length)
          throw new Error(`${what}: ${res.status}, a status /openapi.json does not list`);
        if (res.status === 303 && res.headers.get("location")?.startsWith("/portal/login"))
          throw new Error(`${what}: the owner's portal session ended`);
        if (res.status < 400) return;
        const after = await t.platform.store.headPosition();
        if (after !== before) throw new Error(`${what}: answered ${res.status} but appended to the event log`);
      });
      await fc.assert(property, {
        seed: seedOf(op),
        numRuns: options.numRuns,
        interruptAfterTimeLimit: options.timeLimitMs,
        markInterruptAsFailure: false,
      });
    },
    options.timeLimitMs + 60_000,
  );
});
