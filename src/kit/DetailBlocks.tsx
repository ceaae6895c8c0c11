import { Box, Card, CardContent, CardHeader, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A titled card of a detail page (or a form), with an optional action on the right of its title. */
export function SectionCard({
  title,
  subheader,
  action,
  children,
  ...rest
}: {
  title?: ReactNode;
  subheader?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <Card data-testid={rest['data-testid']}>
      {title !== undefined && (
        <CardHeader
          title={title}
          subheader={subheader}
          action={action}
          slotProps={{
            title: { variant: 'subtitle1', component: 'h2', sx: { fontWeight: 700 } },
            subheader: { variant: 'body2' },
          }}
        />
      )}
      <CardContent sx={title !== undefined ? { pt: 0 } : undefined}>{children}</CardContent>
    </Card>
  );
}

/** Key-value rows laid out one, two or three to a line as the screen widens. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

/** One labelled value of a detail page. */
export function KeyValue({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** Form inputs side by side on wide screens, stacked on narrow ones. */
export function FieldRow({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        columnGap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        width: '100%',
        maxWidth: 720,
      }}
    >
      {children}
    </Box>
  );
}
