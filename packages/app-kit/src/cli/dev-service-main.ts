// The dev service's entry point: the service of this clone (services/gateway/src/main.ts), ended when the
// `platform apps dev` that started it ends, however it ends. Its stdin is a pipe from that process, which closes
// when it exits (even on SIGKILL), so no service outlives its command holding the folder's data and port. The
// command stops it with SIGTERM (a clean shutdown) when it can; when the pipe closes first, the command is gone and
// so is where the log went, so it ends at once, as after a crash, which the store recovers from on the next start.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { kitFiles } from "../kit-files.ts";

process.stdin.once("end", () => process.exit(1));
process.stdin.resume();
// The pipe alone does not keep the service running: its shutdown ends the process as it would.
(process.stdin as { unref?: () => void }).unref?.();
await import(pathToFileURL(join(kitFiles.root, "..", "..", "services", "gateway", "src", "main.ts")).href);
