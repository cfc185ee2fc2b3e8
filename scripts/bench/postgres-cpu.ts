import { readFileSync, readdirSync } from "node:fs";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/**
 * CPU seconds the local PostgreSQL server has used so far: user + system time of every `postgres` process (the
 * postmaster, its backends and background workers), plus what its exited children had used (the postmaster's
 * cutime/cstime). The difference over a run is the database's CPU for that run: no extension needed, but only for
 * a server on this machine with nothing else using it meanwhile.
 */
export const postgresCpuSeconds = (): number => {
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    const close = stat.lastIndexOf(")");
    if (stat.slice(stat.indexOf("(") + 1, close) !== "postgres") continue;
    // Fields after the command: state is 3rd; utime 14th, stime 15th, cutime 16th, cstime 17th (1-based overall).
    const f = stat.slice(close + 2).split(" ");
    const [utime, stime, cutime, cstime] = [f[11], f[12], f[13], f[14]].map(Number) as [number, number, number, number];
    const ppid = Number(f[1]);
    ticks += utime + stime;
    // The postmaster (its parent is not a postgres process) also carries its exited children's time.
    if (!isPostgres(ppid)) ticks += cutime + cstime;
  }
  return ticks / TICKS_PER_SECOND;
};

const isPostgres = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")) === "postgres";
  } catch {
    return false;
  }
};

/** CPU seconds these processes (and their exited children) have used so far; a process gone counts nothing. */
export const processCpuSeconds = (pids: readonly number[]): number => {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += [f[11], f[12], f[13], f[14]].map(Number).reduce((a, b) => a + b, 0);
    } catch {
      // gone
    }
  }
  return ticks / TICKS_PER_SECOND;
};
