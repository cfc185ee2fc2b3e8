#!/usr/bin/env node
// `platform`: the app developer kit's command (docs/APPS.md). A workspace package's bin, so
// `npx platform` in a clone runs this file and never the registry's package of that name.
// The kit is TypeScript like the service; tsx (installed with the clone) loads it as is.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../src/cli/main.ts");
process.exitCode = await main(process.argv.slice(2));
