import { useEffect, useRef } from 'react';
import type { Series } from './chart';

export type { Series };

interface Props {
  /** What the chart shows, for screen readers (the table beside it says the same in figures). */
  label: string;
  labels: string[];
  series: Series[];
  testId: string;
}

/** A bar chart. Chart.js comes in its own file, fetched with the first chart drawn; once drawn,
 * the canvas says what it drew (`data-drawn`: each series' sum), so a test can hold it to the
 * table beside it. */
export function BarChart({ label, labels, series, testId }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let gone = false;
    void import('./chart').then(({ draw }) => {
      const target = canvas.current;
      if (gone || !target) return;
      chart = draw(target, labels, series);
      target.dataset.drawn = series.map((s) => s.values.reduce((a, b) => a + b, 0)).join(',');
    });
    return () => {
      gone = true;
      chart?.destroy();
    };
  }, [labels, series]);
  return (
    <div className="report-chart">
      <canvas ref={canvas} role="img" aria-label={label} data-testid={testId} />
    </div>
  );
}
