import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

export interface ChartSeries {
  label: string;
  values: number[];
  color: string;
}

/**
 * A chart of figures over days or weeks, drawn by uPlot (a small, kept charting library, ~50 KB;
 * docs/decisions/0406-analytics-dashboard.md), in the admin's chunks only: public pages never load
 * it. It is a picture of the table beside it, which holds the same figures for a screen reader
 * and a keyboard, so the canvas is one image with a label and its own legend is left out.
 */
export function TimeChart({
  label,
  days,
  series,
  bars = false,
}: {
  label: string;
  /** `YYYY-MM-DD`, one per value. */
  days: readonly string[];
  series: readonly ChartSeries[];
  bars?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const width = () => Math.max(320, element.clientWidth);
    let chart: uPlot | undefined;
    try {
      chart = new uPlot(
        {
          width: width(),
          height: 260,
          legend: { show: false },
          cursor: { show: true, drag: { x: false, y: false } },
          scales: { x: { time: true } },
          axes: [{}, { size: 56 }],
          series: [
            {},
            ...series.map((line) => ({
              label: line.label,
              stroke: line.color,
              width: 2,
              ...(bars ? { fill: line.color, paths: uPlot.paths.bars!({ size: [0.8 / series.length, 40] }) } : {}),
            })),
          ],
        },
        [days.map((day) => Date.parse(`${day}T12:00:00Z`) / 1000), ...series.map((line) => line.values)],
        element,
      );
    } catch (error) {
      // A browser without a canvas (a test's document): the table beside it says the same.
      console.warn("The chart could not be drawn", error);
      return;
    }
    const resize = new ResizeObserver(() => chart?.setSize({ width: width(), height: 260 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart?.destroy();
    };
  }, [days, series, bars]);
  return (
    <figure className="mt-4">
      <div ref={box} role="img" aria-label={label} className="min-h-[260px] w-full" />
      <figcaption className="mt-2 flex flex-wrap gap-4 text-sm text-slate-700" aria-hidden="true">
        {series.map((line) => (
          <span key={line.label} className="inline-flex items-center gap-1">
            <span className="inline-block h-3 w-3 rounded-sm" style={{ background: line.color }} />
            {line.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
