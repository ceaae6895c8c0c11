import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title } from 'react-admin';

/** A simple titled page of the main layout. */
export function PageCard({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card sx={{ mt: 2 }} data-testid={testId}>
      <Title title={title} />
      <CardContent sx={{ p: 3 }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
