const PLATFORM = `Usage: platform apps <command> DIR [options]

The app developer kit (docs/APPS.md). Commands:
  init DIR [--id ID]          a new app folder: a TypeScript component, its ingress and its test
  check DIR                   the manifest and components as the service checks them, and their types
  test DIR [FILTER…]          the folder's *.test.ts, components run in the service's own sandbox
  dev DIR [--url URL]         a service with the folder installed, installed again on every change
  deploy DIR --url URL        builds the folder and installs it on a running service
  rollback APP_ID --to VERSION --url URL
                              installs an earlier version of an app again, as a new version
  replay RUN_ID DIR --app APP_ID --url URL
                              runs DIR's component on a recorded run: its logs, divergence, outcome

Run platform apps <command> --help for one command.`;

/** Each command's `--help`. */
export const HELP = {
  platform: PLATFORM,
  apps: PLATFORM,
  init: `Usage: platform apps init DIR [--id ID]

Writes a new app into DIR (which must be empty or new): manifest.json with one public ingress,
components/hello.ts, its test components/hello.test.ts and a tsconfig.json for editors.
The app id is ID, or DIR's name. platform apps check and test pass on it unchanged.`,
  check: `Usage: platform apps check DIR

Checks the app in DIR as the service would at install, without a service: manifest.json against
the service's schema, each component built (TypeScript with esbuild) and compiled in the sandbox,
and every TypeScript component type-checked against the kit's types. Prints each problem as
file:line:column message and exits 1 when there is any.`,
  test: `Usage: platform apps test DIR [FILTER…]

Runs DIR's *.test.ts with vitest. In them, runComponent(dir, componentId, params, {ctx}) from
@platform/app-kit runs a component in the service's QuickJS sandbox with the service's limits
(COMPONENT_TIMEOUT_MS, COMPONENT_MEMORY_MB) and answers as the ingress would (200, 400, 502, 504).`,
  dev: `Usage: platform apps dev DIR [--port PORT] [--url URL --token TOKEN]

Without --url: starts the service on the embedded engine on PORT (default 8787; 0 for any free
one; data in DIR/.platform/data) with DIR installed, and prints each ingress URL and a token for
its private ingresses. With --url: installs
DIR on that service (token from --token or PLATFORM_TOKEN). Every change under DIR is installed
again within a second; each component log line is printed with its run.`,
  deploy: `Usage: platform apps deploy DIR --url URL [--token TOKEN]

Builds DIR and installs it with PUT /resources/apps/{appId} (needs apps:write; the token from
--token or PLATFORM_TOKEN). Prints the version the service answered; a refusal prints the
service's error code and message and exits 1.`,
  rollback: `Usage: platform apps rollback APP_ID --to VERSION --url URL [--token TOKEN]

Installs version VERSION of the app APP_ID again (its manifest, components and files) with
POST /resources/apps/{appId}/rollback, as a new version whose installer is the token's holder
(needs apps:write, and every acl of that version's ingresses; the token from --token or
PLATFORM_TOKEN). GET /resources/apps/{appId}/versions lists the versions. Prints the new version;
a refusal prints the service's error code and message and exits 1.`,
  replay: `Usage: platform apps replay RUN_ID DIR --app APP_ID --url URL [--token TOKEN] [--save FILE]
       platform apps replay RUN_ID DIR --file FILE

Runs DIR's component, as it is now, on the recorded run RUN_ID (the id in the ingress answer's
x-run-id, on a job's runId and in its log lines), read with GET /resources/apps/{appId}/runs/{runId}
(needs apps/<appId>:debug; the token from --token or PLATFORM_TOKEN) or from FILE (--save FILE keeps
it). The run gets the recorded params, Math.random seed, clock readings and ids, and each ctx call
its recorded answer while the calls are the recorded ones, in order, with the same arguments.
Prints the component's logs, the first divergence from the record (a ctx call the record does
not have next, or with other arguments) and the outcome; exit 0 when the outcome is ok, else 1.`,
} as const;
