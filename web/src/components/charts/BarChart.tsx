import { Chart } from 'primereact/chart';
import { useId } from 'react';
import { formatNumber, t } from '../../i18n';
import './charts.css';

export interface Bar {
  label: string;
  value: number;
}

interface BarChartProps {
  title: string;
  bars: Bar[];
  /** What a value counts, for the table ('films', 'reviews'). */
  unit: string;
  /** Bars across the chart (long labels, many of them) rather than up it. */
  horizontal?: boolean;
  height?: number;
  /** Said when there is nothing to draw; 'Nothing yet.' unless the period is over. */
  emptyText?: string;
}

const BLUE = '#1d4ed8';

/**
 * A bar chart with its numbers beside it: the canvas is a picture for the eye, the
 * table under 'Show the numbers' is the same data for everyone, screen readers included.
 */
export function BarChart({ title, bars, unit, horizontal = false, height = 220, emptyText }: BarChartProps) {
  const id = useId();
  const data = { labels: bars.map((bar) => bar.label), datasets: [{ label: unit, data: bars.map((bar) => bar.value), backgroundColor: BLUE, borderRadius: 3 }] };
  const options = {
    indexAxis: horizontal ? ('y' as const) : ('x' as const),
    maintainAspectRatio: false,
    animation: false as const,
    plugins: { legend: { display: false } },
    scales: { [horizontal ? 'x' : 'y']: { beginAtZero: true, ticks: { precision: 0 } } },
  };
  return (
    <figure className="bar-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="bar-chart-title">
        {title}
      </figcaption>
      {/* Bars that are all zero (a 1–10 scale nobody used) are nothing to draw either. */}
      {bars.every((bar) => bar.value === 0) ? (
        <p className="bar-chart-empty">{emptyText ?? t('Nothing yet.')}</p>
      ) : (
        <>
          <div className="bar-chart-canvas" style={{ height }} aria-hidden="true">
            <Chart type="bar" data={data} options={options} style={{ height: '100%' }} />
          </div>
          <details className="bar-chart-numbers">
            <summary>{t('Show the numbers')}</summary>
            <table>
              <thead>
                <tr>
                  <th scope="col">{title}</th>
                  <th scope="col">{unit.charAt(0).toUpperCase() + unit.slice(1)}</th>
                </tr>
              </thead>
              <tbody>
                {bars.map((bar) => (
                  <tr key={bar.label}>
                    <th scope="row">{bar.label}</th>
                    <td>{formatNumber(bar.value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </figure>
  );
}
