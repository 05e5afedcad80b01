import { Card, Statistic, Typography } from 'antd';

export interface StatCardProps {
  title: string;
  value: number;
  hint?: string;
  color: string;
  testId: string;
}

/** One headline figure of the dashboard. */
export function StatCard({ title, value, hint, color, testId }: StatCardProps) {
  return (
    <Card
      variant="borderless"
      style={{ borderTop: `3px solid ${color}`, height: '100%' }}
      data-testid={testId}
    >
      <Statistic title={title} value={value} valueStyle={{ color, fontSize: 32 }} />
      {hint ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {hint}
        </Typography.Text>
      ) : null}
    </Card>
  );
}
