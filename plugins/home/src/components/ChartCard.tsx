import { Card } from 'antd';
import type { ReactNode } from 'react';

export interface ChartCardProps {
  title: string;
  testId: string;
  children: ReactNode;
}

export function ChartCard({ title, testId, children }: ChartCardProps) {
  return (
    <Card title={title} variant="borderless" style={{ height: '100%' }} data-testid={testId}>
      {children}
    </Card>
  );
}
