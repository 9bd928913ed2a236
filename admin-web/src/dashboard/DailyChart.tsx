// A hand-drawn SVG bar chart of one value per day (30 Korea-time days), loaded lazily with the
// dashboard's charts. Bars carry <title>s so values are readable on hover and by screen readers.
import { Box, Typography } from '@mui/material';
import type { DashboardDay } from '@contract/admin-core';

type Props = { title: string; total: string; days: DashboardDay[]; value: 'signups' | 'reports'; color: string };

const W = 600;
const H = 180;
const PAD = { top: 12, right: 8, bottom: 28, left: 32 };

/** A round upper bound for the axis (1, 2, 5 × 10ⁿ) so the grid lines are whole numbers. */
export function niceMax(max: number): number {
  if (max <= 4) return 4;
  const pow = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((m) => m * pow >= max) ?? 10;
  return step * pow;
}

export function DailyChart({ title, total, days, value, color }: Props) {
  const values = days.map((d) => d[value]);
  const top = niceMax(Math.max(0, ...values));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(days.length, 1);
  const y = (v: number) => PAD.top + innerH - (v / top) * innerH;
  const ticks = [0, top / 2, top];
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Typography component="figcaption" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {title}{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          · {total}
        </Typography>
      </Typography>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={`${title}, ${total}`}>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(tick)} y2={y(tick)} stroke="#f1ddd2" />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize="11" fill="#5f4b44">
              {tick}
            </text>
          </g>
        ))}
        {days.map((d, i) => {
          const v = d[value];
          const h = (v / top) * innerH;
          return (
            <rect
              key={d.day}
              x={PAD.left + i * slot + slot * 0.15}
              y={PAD.top + innerH - h}
              width={slot * 0.7}
              height={Math.max(h, v > 0 ? 1 : 0)}
              rx={2}
              fill={color}
            >
              <title>{`${d.day}: ${v}`}</title>
            </rect>
          );
        })}
        {days.map((d, i) =>
          // Weekly ticks counted back from today, so the last label is today's and none overlap.
          (days.length - 1 - i) % 7 === 0 ? (
            <text
              key={d.day}
              x={PAD.left + i * slot + slot / 2}
              y={H - 8}
              textAnchor="middle"
              fontSize="11"
              fill="#5f4b44"
            >
              {d.day.slice(5).replace('-', '/')}
            </text>
          ) : null,
        )}
      </svg>
    </Box>
  );
}
