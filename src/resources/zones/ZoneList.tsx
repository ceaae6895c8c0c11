import LocalAirportIcon from '@mui/icons-material/LocalAirport';
import { BooleanField, Button, DataTable, NumberField, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { DateTimeField } from '../../kit/DateTimeField';
import { ResourceList } from '../../kit/ResourceList';
import { enumLabelKey } from '../../kit/enumChoices';
import { csvExporter } from '../shared/csv';
import type { ListScreenProps } from '../types';
import type { Zone } from './types';
import { RowLink } from '../../kit/RowLink';

const exporter = csvExporter<Zone>('service-zones', [
  { header: 'Name', value: (z) => z.name },
  { header: 'Kind', value: (z) => z.kind },
  { header: 'Pickups allowed', value: (z) => z.pickupAllowed },
  { header: 'Surge', value: (z) => z.surgeMultiplier },
  { header: 'Active', value: (z) => z.active },
  { header: 'Polygon (GeoJSON)', value: (z) => JSON.stringify(z.polygon) },
]);

/** /zones: the service areas and zones, by name; a row opens the editor with its map. */
export default function ZoneList(props: ListScreenProps) {
  return (
    <ResourceList
      {...props}
      sort={{ field: 'name', order: 'ASC' }}
      exporter={exporter}
      extraActions={
        <Button component={Link} to="/zone-fares" label="app.zonesPage.fixedFares">
          <LocalAirportIcon />
        </Button>
      }
    >
      <DataTable<Zone> rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" render={(z) => <RowLink>{z.name}</RowLink>} />
        <DataTable.Col source="kind" render={(z) => <KindLabel kind={z.kind} />} />
        <DataTable.Col source="pickupAllowed" render={() => <BooleanField source="pickupAllowed" />} />
        <DataTable.Col source="surgeMultiplier" render={() => <NumberField source="surgeMultiplier" />} />
        <DataTable.Col source="active" render={() => <BooleanField source="active" />} />
        <DataTable.Col source="updatedAt" render={() => <DateTimeField source="updatedAt" relative />} />
      </DataTable>
    </ResourceList>
  );
}

function KindLabel({ kind }: { kind: string }) {
  const translate = useTranslate();
  return <>{translate(enumLabelKey('zoneKind', kind))}</>;
}
