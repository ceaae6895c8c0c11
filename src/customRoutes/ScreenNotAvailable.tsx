import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PageCard } from './PageCard';

/** An honest placeholder for a route whose screen has not landed yet. */
export function ScreenNotAvailable({
  title,
  messageKey = 'app.pages.notAvailable',
}: {
  title: string;
  messageKey?: string;
}) {
  const translate = useTranslate();
  return (
    <PageCard title={title} testId="screen-not-available">
      <Typography color="text.secondary">{translate(messageKey)}</Typography>
    </PageCard>
  );
}
