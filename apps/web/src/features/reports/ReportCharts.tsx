import { Box } from '@chakra-ui/react';
import { formatUsd } from '@pharm/validators/money';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { compactUsd, niceAxisMax } from './money';

/**
 * The reports' two charts (Recharts, loaded with them only). Values are integer cents; every
 * label goes through formatUsd or compactUsd. The charts repeat the tables beside them, which
 * screen readers read instead: each chart is one labelled image.
 */

const AXIS_TICK = { fontSize: 12, fill: 'var(--chakra-colors-fg-muted)' };
const GRID = 'var(--chakra-colors-border-muted)';

function ChartFrame({
  label,
  testId,
  height,
  children,
}: {
  label: string;
  testId: string;
  height: number;
  children: React.ReactElement;
}) {
  return (
    <Box role="img" aria-label={label} data-testid={testId} h={`${height}px`} w="full">
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </Box>
  );
}

const tooltipProps = {
  cursor: { fill: 'var(--chakra-colors-bg-muted)' },
  contentStyle: {
    borderRadius: 8,
    borderColor: 'var(--chakra-colors-border)',
    fontSize: 13,
  },
  formatter: (value: unknown) => [formatUsd(Number(value)), 'Amount'],
};

export interface AgingBar {
  label: string;
  cents: number;
  color: string;
}

export function AgingChart({ bars }: { bars: AgingBar[] }) {
  return (
    <ChartFrame
      label="A/R aging bar chart: amount owed by days past due"
      testId="aging-chart"
      height={260}
    >
      <BarChart
        data={bars}
        accessibilityLayer={false}
        margin={{ top: 8, right: 8, left: 8, bottom: 0 }}
      >
        <CartesianGrid vertical={false} stroke={GRID} />
        <XAxis
          dataKey="label"
          interval={0}
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={{ stroke: GRID }}
        />
        <YAxis
          domain={[0, niceAxisMax]}
          tickCount={5}
          allowDecimals={false}
          tickFormatter={(value: number) => compactUsd(value)}
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={false}
          width={64}
        />
        <Tooltip {...tooltipProps} />
        <Bar dataKey="cents" radius={[4, 4, 0, 0]} maxBarSize={56} isAnimationActive={false}>
          {bars.map((bar) => (
            <Cell key={bar.label} fill={bar.color} />
          ))}
        </Bar>
      </BarChart>
    </ChartFrame>
  );
}

export interface SalesBar {
  name: string;
  cents: number;
}

export function SalesChart({ bars }: { bars: SalesBar[] }) {
  return (
    <ChartFrame
      label="Sales by pharmacy bar chart: total sales of the top pharmacies"
      testId="sales-chart"
      height={Math.max(160, bars.length * 34 + 40)}
    >
      <BarChart
        data={bars}
        layout="vertical"
        accessibilityLayer={false}
        margin={{ top: 4, right: 16, left: 8, bottom: 0 }}
      >
        <CartesianGrid horizontal={false} stroke={GRID} />
        <XAxis
          type="number"
          domain={[0, niceAxisMax]}
          tickCount={5}
          tickFormatter={(value: number) => compactUsd(value)}
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={{ stroke: GRID }}
        />
        <YAxis
          type="category"
          dataKey="name"
          width={150}
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={false}
          tickFormatter={(name: string) => (name.length > 22 ? `${name.slice(0, 21)}…` : name)}
        />
        <Tooltip {...tooltipProps} />
        <Bar
          dataKey="cents"
          fill="var(--chakra-colors-brand-500)"
          radius={[0, 4, 4, 0]}
          maxBarSize={22}
          isAnimationActive={false}
        />
      </BarChart>
    </ChartFrame>
  );
}
