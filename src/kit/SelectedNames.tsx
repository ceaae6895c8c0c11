import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { listedNames } from '../domain/bulk';

/** Who a bulk action is about to change: the first names, then "and N more". */
export function SelectedNames({ names }: { names: readonly string[] }) {
  const translate = useTranslate();
  const { shown, more } = listedNames(names);
  const title = translate('app.bulk.selected');
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <Box component="ul" aria-label={title} sx={{ m: 0, paddingInlineStart: 3 }}>
        {shown.map((name, i) => (
          <Typography component="li" variant="body2" key={`${i}-${name}`}>
            {name}
          </Typography>
        ))}
        {more > 0 && (
          <Typography component="li" variant="body2" color="text.secondary" sx={{ listStyle: 'none' }}>
            {translate('app.bulk.andMore', { smart_count: more })}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
