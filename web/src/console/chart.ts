// Chart.js, registered with only the parts a bar chart uses, so its file stays small; imported
// by `report-chart` when the first chart is drawn, never with the rest of the console.

import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { LANGUAGE } from '@/lib/i18n';
import { formatVnd } from '@/lib/format';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface Series {
  label: string;
  values: number[];
  /** A CSS colour, read off the page's theme. */
  colour: string;
}

/** Draws bars of `series` over `labels` in `canvas`, amounts written as the language writes
 * money; the chart's own `destroy` undoes it. */
export function draw(canvas: HTMLCanvasElement, labels: string[], series: Series[]): Chart {
  const compact = new Intl.NumberFormat(LANGUAGE, { notation: 'compact', maximumFractionDigits: 1 });
  const text = getComputedStyle(canvas).color;
  return new Chart(canvas, {
    type: 'bar',
    data: {
      labels,
      datasets: series.map((s) => ({ label: s.label, data: s.values, backgroundColor: s.colour })),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      color: text,
      scales: {
        x: { ticks: { color: text } },
        y: { ticks: { color: text, callback: (v) => compact.format(Number(v)) } },
      },
      plugins: {
        tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${formatVnd(Number(item.raw))}` } },
      },
    },
  });
}
