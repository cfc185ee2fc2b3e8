import type { Child } from "hono/jsx";
import { FRAME, PLOT } from "./chart-model.ts";
import type { Axes, CountsChart, DurationsChart } from "./chart-model.ts";

/** Series colours, as SVG presentation attributes (the CSP allows no inline style). */
const COLOURS = {
  successful: "#146c2e",
  failed: "#b3261e",
  scheduled: "#0b57d0",
  range: "#9fb8e8",
  average: "#1b1f24",
} as const;

const LegendItem = (props: { colour: string; label: string; line?: boolean }) => (
  <li>
    <svg viewBox="0 0 16 10" width="16" height="10" aria-hidden="true" focusable="false">
      {props.line ? (
        <line x1="0" y1="5" x2="16" y2="5" stroke={props.colour} stroke-width="2" />
      ) : (
        <rect x="0" y="0" width="16" height="10" fill={props.colour} />
      )}
    </svg>
    {props.label}
  </li>
);

/** The frame of a chart: gridlines with the y labels (right), the time labels along the x axis, then the series. */
const Frame = (props: { axes: Axes; label: string; children?: Child }) => (
  <div
    class="chart-scroll"
    tabindex={0}
    role="group"
    aria-label={`${props.label} (scrolls sideways on a narrow screen)`}
  >
    <svg
      class="chart"
      viewBox={`0 0 ${FRAME.width} ${FRAME.height}`}
      width="100%"
      role="img"
      aria-label={props.label}
      preserveAspectRatio="xMidYMid meet"
    >
      <title>{props.label}</title>
      <g class="grid" font-size="12" fill="#57606a">
        {props.axes.yTicks.map((t) => (
          <>
            <line
              x1={String(PLOT.left)}
              x2={String(PLOT.right)}
              y1={String(t.at)}
              y2={String(t.at)}
              stroke="#d0d7de"
              stroke-width="1"
            />
            <text x={String(PLOT.right + 4)} y={String(t.at + 4)} text-anchor="start">
              {t.label}
            </text>
          </>
        ))}
        {props.axes.xTicks.map((t) => (
          <>
            <line
              x1={String(t.at)}
              x2={String(t.at)}
              y1={String(PLOT.bottom)}
              y2={String(PLOT.bottom + 4)}
              stroke="#57606a"
              stroke-width="1"
            />
            <text x={String(t.at)} y={String(PLOT.bottom + 17)} text-anchor="middle">
              {t.label}
            </text>
          </>
        ))}
        <line
          x1={String(PLOT.left)}
          x2={String(PLOT.right)}
          y1={String(PLOT.bottom)}
          y2={String(PLOT.bottom)}
          stroke="#57606a"
          stroke-width="1"
        />
      </g>
      {props.children}
    </svg>
  </div>
);

/** Jobs per minute: successful and failed stacked, scheduled as a line; a legend beside it. */
export const CountsSvg = (props: { chart: CountsChart; label: string }) => (
  <figure class="chart-figure">
    <Frame axes={props.chart} label={props.label}>
      <g class="bars">
        {props.chart.bars.map((b) => (
          <rect
            class={`bar ${b.series}`}
            x={String(b.x)}
            y={String(b.y)}
            width={String(b.width)}
            height={String(b.height)}
            fill={COLOURS[b.series as "successful" | "failed"]}
          >
            <title>{`${b.minute.slice(11, 16)} UTC: ${b.value} ${b.series}`}</title>
          </rect>
        ))}
      </g>
      {props.chart.scheduled ? (
        <polyline
          class="scheduled"
          points={props.chart.scheduled}
          fill="none"
          stroke={COLOURS.scheduled}
          stroke-width="1.5"
        />
      ) : null}
      {props.chart.scheduledPoints.map((p) => (
        <circle class="scheduled-point" cx={String(p.x)} cy={String(p.y)} r="3" fill={COLOURS.scheduled}>
          <title>{`${p.minute.slice(11, 16)} UTC: ${p.value} scheduled`}</title>
        </circle>
      ))}
    </Frame>
    <figcaption>
      <ul class="legend">
        <LegendItem colour={COLOURS.successful} label="successful" />
        <LegendItem colour={COLOURS.failed} label="failed" />
        <LegendItem colour={COLOURS.scheduled} label="scheduled" line />
      </ul>
    </figcaption>
  </figure>
);

/** Execution times per minute: the range from shortest to longest, a mark at the mean. */
export const DurationsSvg = (props: { chart: DurationsChart; label: string }) => (
  <figure class="chart-figure">
    <Frame axes={props.chart} label={props.label}>
      <g class="ranges">
        {props.chart.ranges.map((r) => (
          <rect
            class="bar range"
            x={String(r.x)}
            y={String(r.y)}
            width={String(r.width)}
            height={String(r.height)}
            fill={COLOURS.range}
          />
        ))}
      </g>
      <g class="averages">
        {props.chart.averages.map((a) => (
          <line
            class="average"
            x1={String(a.x)}
            x2={String(a.x + a.width)}
            y1={String(a.y)}
            y2={String(a.y)}
            stroke={COLOURS.average}
            stroke-width="2"
          />
        ))}
      </g>
    </Frame>
    <figcaption>
      <ul class="legend">
        <LegendItem colour={COLOURS.range} label="shortest to longest run" />
        <LegendItem colour={COLOURS.average} label="mean run" line />
      </ul>
    </figcaption>
  </figure>
);
