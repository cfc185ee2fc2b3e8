/**
 * Rounds of: get a token, use it (200) at both processes, revoke it at `issuer`, and at
 * once use it again at `issuer` and at `other`. Counts how many of those very next
 * requests were refused (401): every one is the goal.
 */
export const revocationRounds = async (opts: {
  readonly issuer: string;
  readonly other: string;
  readonly headers: Record<string, string>;
  readonly rounds: number;
}) => {
  const me = (base: string, token: string) =>
    fetch(`${base}/resources/me`, { headers: { Authorization: `Bearer ${token}` } });
  let sameRefused = 0;
  let otherRefused = 0;
  const same: number[] = [];
  const other: number[] = [];
  for (let i = 0; i < opts.rounds; i++) {
    const r = await fetch(`${opts.issuer}/oauth/token`, {
      method: "POST",
      headers: opts.headers,
      body: "grant_type=client_credentials",
    });
    const { access_token: token } = (await r.json()) as { access_token: string };
    for (const base of [opts.issuer, opts.other]) {
      const ok = await me(base, token);
      await ok.arrayBuffer();
      if (ok.status !== 200) throw new Error(`a fresh token was refused (${ok.status}) at ${base}`);
    }
    const revoke = await fetch(`${opts.issuer}/oauth/revoke`, {
      method: "POST",
      headers: opts.headers,
      body: `token=${token}`,
    });
    if (revoke.status !== 200) throw new Error(`revoke answered ${revoke.status}`);
    let t0 = performance.now();
    const a = await me(opts.issuer, token);
    same.push(performance.now() - t0);
    await a.arrayBuffer();
    if (a.status === 401) sameRefused++;
    t0 = performance.now();
    const b = await me(opts.other, token);
    other.push(performance.now() - t0);
    await b.arrayBuffer();
    if (b.status === 401) otherRefused++;
  }
  const p50 = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? NaN;
  return { rounds: opts.rounds, sameRefused, otherRefused, sameP50Ms: p50(same), otherP50Ms: p50(other) };
};
