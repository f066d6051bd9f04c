/** The daily deal prices as plain SVG: a min–max band per day, the average as a line with dots. */
import type { PricePoint } from '@shared/api/trade'
import { formatYuan } from '@renderer/utils/money'
import { axisYuan, scaleChart, type ChartBox } from './chart-scale'

const BOX: ChartBox = { width: 800, height: 300, padLeft: 56, padRight: 16, padTop: 16, padBottom: 36 }

export function PriceChart({ series }: { series: PricePoint[] }) {
  const scale = scaleChart(series, BOX)
  const traded = series.map((p, i) => ({ p, i })).filter(({ p }) => p.deals > 0)
  const avgPath = traded
    .map(({ p, i }, k) => `${k === 0 ? 'M' : 'L'}${scale.x(i).toFixed(1)},${scale.y(p.avg).toFixed(1)}`)
    .join(' ')
  const labelEvery = Math.max(1, Math.ceil(series.length / 8))
  const barW = Math.max(
    2,
    Math.min(14, ((BOX.width - BOX.padLeft - BOX.padRight) / Math.max(1, series.length)) * 0.5),
  )
  return (
    <figure className="price-chart">
      <svg
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        role="img"
        aria-label={`成交价格走势，共 ${series.length} 天，${traded.length} 天有成交`}
        preserveAspectRatio="xMidYMid meet"
      >
        {scale.ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={BOX.padLeft}
              x2={BOX.width - BOX.padRight}
              y1={scale.y(tick)}
              y2={scale.y(tick)}
              className="price-chart__grid"
            />
            <text x={BOX.padLeft - 6} y={scale.y(tick) + 4} textAnchor="end" className="price-chart__label">
              {axisYuan(tick)}
            </text>
          </g>
        ))}
        {series.map((p, i) =>
          (i % labelEvery === 0 && series.length - 1 - i >= labelEvery / 2) || i === series.length - 1 ? (
            <text
              key={p.day}
              x={scale.x(i)}
              y={BOX.height - 12}
              textAnchor="middle"
              className="price-chart__label"
            >
              {p.day.slice(5)}
            </text>
          ) : null,
        )}
        {traded.map(({ p, i }) => (
          <rect
            key={`band-${p.day}`}
            x={scale.x(i) - barW / 2}
            width={barW}
            y={scale.y(p.max)}
            height={Math.max(1, scale.y(p.min) - scale.y(p.max))}
            rx={2}
            className="price-chart__band"
          >
            <title>{`${p.day}：${p.deals} 笔，均价 ${formatYuan(p.avg)}，最低 ${formatYuan(p.min)}，最高 ${formatYuan(p.max)}`}</title>
          </rect>
        ))}
        {avgPath ? <path d={avgPath} className="price-chart__avg" /> : null}
        {traded.map(({ p, i }) => (
          <circle
            key={`dot-${p.day}`}
            cx={scale.x(i)}
            cy={scale.y(p.avg)}
            r={3.5}
            className="price-chart__dot"
          >
            <title>{`${p.day} 均价 ${formatYuan(p.avg)}`}</title>
          </circle>
        ))}
      </svg>
      <figcaption className="price-chart__legend">
        <span className="price-chart__key price-chart__key--avg" /> 日均成交价
        <span className="price-chart__key price-chart__key--band" /> 当日最低 – 最高价
      </figcaption>
    </figure>
  )
}
