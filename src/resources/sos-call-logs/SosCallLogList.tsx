import { Box, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, SearchInput, SelectInput, useTranslate } from 'react-admin';
import { CityDateInput } from '../../kit/CityDateInput';
import { enumChoices } from '../../kit/enumChoices';
import { ResourceList } from '../../kit/ResourceList';
import { EmptyState } from '../../kit/States';
import { StatusChip } from '../../kit/StatusChip';
import { toShowPage } from '../shared/recordPaths';
import type { ListScreenProps } from '../types';
import { SosAckStats } from './SosAckStats';
import { AckTimeField, CallerField, HandledByField, RaisedField, SosTripField } from './SosFields';
import { sosExporter } from './sosExporter';
import type { SosAlarm } from './types';
import { useSosLive } from './useSosLive';

const noWrap = () => ({ whiteSpace: 'nowrap' });

function SosEmpty() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 2 }}>
      <EmptyState message={translate('app.sos.empty')} />
    </Box>
  );
}

export const sosFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    choices={enumChoices('sosStatus')}
    emptyText="app.sos.anyStatus"
    alwaysOn
    sx={{ minWidth: 150 }}
  />,
  <SelectInput
    key="callerKind"
    source="callerKind"
    label="app.sos.callerKind"
    choices={enumChoices('reporterKind')}
    emptyText="app.sos.anyCaller"
    alwaysOn
    sx={{ minWidth: 140 }}
  />,
  <CityDateInput key="calledAt_gte" source="calledAt_gte" edge="start" label="app.sos.calledFrom" alwaysOn />,
  <CityDateInput key="calledAt_lte" source="calledAt_lte" edge="end" label="app.sos.calledTo" alwaysOn />,
];

/** New alarms stand out until someone takes them. */
// A red tint that reads in either theme (the fixed #FDECEC put the dark theme's light text on pink).
const rowSx = (alarm: SosAlarm) => (alarm.status === 'new' ? { bgcolor: 'rgba(198, 40, 40, 0.1)' } : {});

/**
 * /sos-call-logs, the live board: newest first, new alarms arriving through the socket within a
 * second (and ticking); time and age, caller (linked, with its kind), trip (linked), status, who
 * handled it and the time to acknowledge; filters status, caller kind and days; export. The header
 * has the median and p90 time to acknowledge over the last 7 days.
 */
export default function SosCallLogList(props: ListScreenProps) {
  useSosLive();
  const medium = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  return (
    <>
      <SosAckStats />
      <ResourceList
        {...props}
        filters={sosFilters}
        sort={{ field: 'calledAt', order: 'DESC' }}
        exporter={sosExporter}
        create={false}
        empty={<SosEmpty />}
      >
        <DataTable<SosAlarm> rowClick={toShowPage} bulkActionButtons={false} rowSx={rowSx} empty={<SosEmpty />}>
          <DataTable.Col source="calledAt" cellSx={noWrap} render={() => <RaisedField />} />
          <DataTable.Col source="callerName" disableSort render={() => <CallerField />} />
          <DataTable.Col source="tripId" cellSx={noWrap} render={() => <SosTripField />} />
          <DataTable.Col source="status" render={() => <StatusChip palette="sosStatus" />} />
          {medium && <DataTable.Col source="handledByName" disableSort render={() => <HandledByField />} />}
          <DataTable.Col source="ackSeconds" render={() => <AckTimeField />} />
        </DataTable>
      </ResourceList>
    </>
  );
}
