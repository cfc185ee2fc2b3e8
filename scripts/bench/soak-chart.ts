/** A small SVG line chart of RSS (MiB) over minutes, one line per engine, for docs/BENCHMARKS.md. */
export const rssSvg = (
  curves: Readonly<Record<string, readonly { minute: number; rss: number }[]>>,
  minutes: number,
): string => {
  const width = 640;
  const height = 240;
  const left = 48;
  const bottom = 28;
  const top = 24;
  const right = 110;
  const all = Object.values(curves).flat();
  const ceiling = Math.max(100, Math.ceil(Math.max(...all.map((s) => s.rss)) / 100) * 100);
  const x = (minute: number) => left + (minute / minutes) * (width - left - right);
  const y = (rss: number) => height - bottom - (rss / ceiling) * (height - bottom - top);
  const colours = ["#1f6feb", "#d1242f", "#1a7f37"];
  const grid = Array.from({ length: ceiling / 100 + 1 }, (_, i) => i * 100).map(
    (v) =>
      `<line x1="${left}" x2="${width - right}" y1="${y(v)}" y2="${y(v)}" stroke="#ddd"/>` +
      `<text x="${left - 6}" y="${y(v) + 4}" text-anchor="end">${v}</text>`,
  );
  const ticks = Array.from({ length: 6 }, (_, i) => Math.round((i * minutes) / 5)).map(
    (m) => `<text x="${x(m)}" y="${height - 8}" text-anchor="middle">${m}</text>`,
  );
  const lines = Object.entries(curves).map(([name, samples], i) => {
    const points = samples.map((s) => `${x(s.minute).toFixed(1)},${y(s.rss).toFixed(1)}`).join(" ");
    const last = samples.at(-1)!;
    const colour = colours[i % colours.length];
    return (
      `<polyline fill="none" stroke="${colour}" stroke-width="2" points="${points}"/>` +
      `<text x="${x(last.minute) + 6}" y="${y(last.rss) + 4}" fill="${colour}">` +
      `${name} ${Math.round(last.rss)} MiB</text>`
    );
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
      `font-family="sans-serif" font-size="11">`,
    ...grid,
    ...ticks,
    `<text x="${left - 6}" y="10" text-anchor="end">MiB</text>`,
    `<text x="${width - right + 14}" y="${height - 8}">minutes</text>`,
    ...lines,
    "</svg>",
    "",
  ].join("\n");
};
