/**
 * Charts for the live pages, drawn with Chart.js (bundled with the site; only the parts used are
 * registered, so the bundle stays small). Every chart is a figure: a canvas with a one-sentence
 * description for screen readers, the same numbers in a table beside it, and a caption. The
 * figure's height is fixed by CSS (.chart-box), so drawing never moves the page.
 */
import { BarController, BarElement, CategoryScale, Chart, Filler, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import { el } from './dom.ts';

Chart.register(BarController, BarElement, CategoryScale, Filler, LinearScale, LineController, LineElement, PointElement, Tooltip);
Chart.defaults.font.family = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
Chart.defaults.color = '#4a554e';

export const ACCENT = '#1f6b45';
/** Tier colours, Bronze to Legend, as the tier badges use them. */
export const TIER_COLOURS = ['#8c5a2b', '#6b7280', '#b8860b', '#3f6f8f', '#6b2c91'];

export interface Series {
  labels: string[];
  values: number[];
}

export interface FigureOptions {
  /** The caption, also the table's caption. */
  title: string;
  /** One sentence saying what the chart shows, for screen readers (the canvas's label). */
  summary: string;
  /** The table's column headings: label, value. */
  columns: [string, string];
  kind: 'line' | 'bar' | 'hbar';
  /** A colour per bar (agents per tier); one colour otherwise. */
  colours?: string[];
  format?: (n: number) => string;
  /** The table's rows when they differ from the chart's points (a daily chart of days with data). */
  table?: Series;
}

/**
 * A total per day from first to last, for a chart whose x axis is days: the days between two
 * entries carry the earlier entry's total (nothing changed on them).
 */
export function everyDay(entries: Array<{ date: string; total: number }>): Series {
  const labels: string[] = [];
  const values: number[] = [];
  const first = entries[0];
  if (!first) return { labels, values };
  const byDate = new Map(entries.map((e) => [e.date, e.total]));
  const last = Date.parse(`${entries.at(-1)!.date}T00:00:00Z`);
  let total = first.total;
  for (let t = Date.parse(`${first.date}T00:00:00Z`); t <= last; t += 86_400_000) {
    const date = new Date(t).toISOString().slice(0, 10);
    total = byDate.get(date) ?? total;
    labels.push(date);
    values.push(total);
  }
  return { labels, values };
}

const fmt = (n: number) => n.toLocaleString('en-US');
/** The chart drawn in each host, destroyed when the host is redrawn (a refresh). */
const drawn = new WeakMap<Element, Chart>();

/** A bar's label cut to `max` characters: a scale takes at most half the chart's width. */
const shortLabel = (label: string, max: number) => (label.length > max ? `${label.slice(0, max - 1)}…` : label);

/** A figure with its chart and a data table, appended to `host` (whose old contents it replaces). */
export function chartFigure(host: Element, data: Series, options: FigureOptions): Chart {
  const format = options.format ?? fmt;
  const figure = el('figure', { class: 'chart' });
  const box = el('div', { class: 'chart-box' });
  const canvas = el('canvas', { role: 'img', 'aria-label': options.summary });
  box.append(canvas);

  const details = el('details', { class: 'chart-data' });
  details.append(el('summary', {}, 'Show the numbers'));
  const table = el('table');
  table.append(el('caption', { class: 'visually-hidden' }, options.title));
  const head = el('tr');
  head.append(el('th', { scope: 'col' }, options.columns[0]), el('th', { scope: 'col', class: 'num' }, options.columns[1]));
  const thead = el('thead');
  thead.append(head);
  const tbody = el('tbody');
  const rows = options.table ?? data;
  rows.labels.forEach((label, i) => {
    const tr = el('tr');
    tr.append(el('th', { scope: 'row' }, label), el('td', { class: 'num' }, format(rows.values[i] ?? 0)));
    tbody.append(tr);
  });
  table.append(thead, tbody);
  details.append(table);
  figure.append(el('figcaption', {}, options.title), box, details);
  // A refresh keeps the table open if the reader opened it.
  if (host.querySelector('details.chart-data[open]')) details.open = true;
  drawn.get(host)?.destroy();
  host.replaceChildren(figure);

  const horizontal = options.kind === 'hbar';
  const colour = options.colours ?? ACCENT;
  const labelMax = window.innerWidth < 640 ? 16 : 28;
  const chart = new Chart(canvas, {
    type: options.kind === 'line' ? 'line' : 'bar',
    data: {
      labels: data.labels,
      datasets: [
        {
          label: options.columns[1],
          data: data.values,
          borderColor: options.kind === 'line' ? ACCENT : colour,
          backgroundColor: options.kind === 'line' ? 'rgba(31, 107, 69, 0.15)' : colour,
          fill: options.kind === 'line',
          pointRadius: options.kind === 'line' && data.values.length <= 40 ? 3 : 0,
          borderRadius: options.kind === 'line' ? 0 : 4,
        },
      ],
    },
    options: {
      indexAxis: horizontal ? 'y' : 'x',
      responsive: true,
      maintainAspectRatio: false,
      animation: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? false : { duration: 400 },
      plugins: { legend: { display: false }, tooltip: { callbacks: { label: (item) => `${options.columns[1]}: ${format(Number(item.raw))}` } } },
      scales: {
        // A few categories (the tiers) each keep their label; a long run of days shows every few.
        x: { beginAtZero: true, ticks: { maxRotation: 0, autoSkip: horizontal || data.labels.length > 8, autoSkipPadding: 12, precision: 0 }, grid: { display: horizontal } },
        // Long names (titles, urls) are cut short beside the bars; the table has them whole.
        y: { beginAtZero: true, ticks: horizontal ? { autoSkip: false, callback: (_value, i) => shortLabel(data.labels[i] ?? '', labelMax) } : { precision: 0 }, grid: { display: !horizontal } },
      },
    },
  });
  drawn.set(host, chart);
  return chart;
}
