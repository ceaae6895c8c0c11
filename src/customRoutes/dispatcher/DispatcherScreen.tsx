import MapIcon from '@mui/icons-material/Map';
import { Box, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { DispatcherLayout } from '../../layout/DispatcherLayout';
import { LatestTrips } from './LatestTrips';

/**
 * /dispatcher: the dispatcher layout with the latest trips in the side area.
 * The live map and the assignment tools are the dispatcher issue.
 */
export default function DispatcherScreen() {
  const translate = useTranslate();
  return (
    <DispatcherLayout side={<LatestTrips />}>
      <Title title={translate('app.dispatcher.title')} />
      <Stack
        alignItems="center"
        justifyContent="center"
        spacing={1.5}
        sx={{ height: '100%', color: 'text.secondary', textAlign: 'center', p: 3 }}
      >
        <Box sx={{ color: 'primary.main' }}>
          <MapIcon sx={{ fontSize: 56 }} />
        </Box>
        <Typography component="h1" variant="h5" color="text.primary" sx={{ fontWeight: 700 }}>
          {translate('app.dispatcher.title')}
        </Typography>
        <Typography>{translate('app.dispatcher.mapPending')}</Typography>
      </Stack>
    </DispatcherLayout>
  );
}
