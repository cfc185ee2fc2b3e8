import { closeSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from "node:fs";

/** Thrown when another live process holds the data directory. */
export class DirectoryInUse extends Error {
  override readonly name = "DirectoryInUse";
}

/** Whether `pid` runs: it exists (EPERM: someone else's) and is not a zombie (killed, not yet reaped). */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  try {
    return !/^\d+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true; // no /proc (not Linux): what kill said
  }
};

const holderOf = (file: string): number | undefined => {
  try {
    const pid = Number(JSON.parse(readFileSync(file, "utf8")).pid);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined; // gone meanwhile, or half written by a process killed while writing it
  }
};

/** Lock files this process holds, with how many opens of the directory hold each. */
const held = new Map<string, number>();
process.on("exit", () => {
  for (const file of held.keys()) removeIfOurs(file);
});

/**
 * Holds `<dir>.lock` for this process, as PostgreSQL's postmaster.pid does for its data
 * directory: PGlite takes no lock of its own, and two processes writing one data directory
 * corrupt it. A lock whose process is gone (killed with -9, say) is taken over at once; one
 * held by a live process is refused, naming it. A lock file holding this process's own pid
 * (a restart in a container where the service is always pid 1) is this process's: opens of one
 * directory in one process share it. Returns the release function; whatever is still held
 * when the process exits is released then.
 */
export const lockDirectory = (dir: string): (() => void) => {
  const file = `${dir}.lock`;
  const count = held.get(file) ?? 0;
  if (count === 0) take(file, dir);
  held.set(file, count + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = held.get(file)! - 1;
    if (left > 0) return void held.set(file, left);
    held.delete(file);
    removeIfOurs(file);
  };
};

const removeIfOurs = (file: string) => {
  if (holderOf(file) !== process.pid) return;
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
};

const take = (file: string, dir: string) => {
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, JSON.stringify({ pid: process.pid, at: new Date().toISOString() }));
      closeSync(fd);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 5) throw e;
    }
    const pid = holderOf(file);
    if (pid !== undefined && pid !== process.pid && alive(pid))
      throw new DirectoryInUse(
        `The data directory ${dir} is in use by process ${pid} (${file}). Stop that process first; ` +
          "remove the file only if no service runs on this directory.",
      );
    // Stale: move it aside and try again. Two processes starting together may both find it
    // so; the later rename may then catch the other's fresh lock, which goes back in place.
    const aside = `${file}.stale-${process.pid}`;
    try {
      renameSync(file, aside);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
      continue;
    }
    if (holderOf(aside) === pid) unlinkSync(aside);
    else renameSync(aside, file);
  }
};
