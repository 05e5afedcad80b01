import { Card, Statistic, Typography } from 'antd';
import { Link } from 'react-router';

export interface StatCardProps {
  title: string;
  value: number;
  hint?: string;
  color: string;
  testId: string;
  /** Where the figure leads (the list behind it), when the user may go there. */
  to?: string | undefined;
}

/** One headline figure of the dashboard. */
export function StatCard({ title, value, hint, color, testId, to }: StatCardProps) {
  const figure = <Statistic title={title} value={value} valueStyle={{ color, fontSize: 32 }} />;
  return (
    <Card
      variant="borderless"
      style={{ borderTop: `3px solid ${color}`, height: '100%' }}
      data-testid={testId}
    >
      {to ? (
        <Link to={to} data-testid={`${testId}-link`}>
          {figure}
        </Link>
      ) : (
        figure
      )}
      {hint ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {hint}
        </Typography.Text>
      ) : null}
    </Card>
  );
}
