import { DataTable } from 'react-admin';
import { ResourceList } from '../../kit/ResourceList';
import { StatusChip } from '../../kit/StatusChip';
import { toShowPage } from '../shared/recordPaths';
import type { ListScreenProps } from '../types';
import { ConfiguredChip, EnabledSwitch, GatewayNameField } from './GatewayFields';
import type { Gateway } from './types';

/** /manage-payment-getwas: each provider with its mode (live in a warning colour), an on/off switch and whether it is configured. */
export default function GatewayList(props: ListScreenProps) {
  return (
    // No create screen: the providers come with the platform (the API can still add one).
    <ResourceList {...props} sort={{ field: 'name', order: 'ASC' }} pagination={false} perPage={100} create={false}>
      <DataTable<Gateway> rowClick={toShowPage} bulkActionButtons={false}>
        <DataTable.Col source="name" render={() => <GatewayNameField />} />
        <DataTable.Col source="mode" render={() => <StatusChip palette="gatewayMode" source="mode" />} />
        <DataTable.Col source="enabled" render={() => <EnabledSwitch />} />
        <DataTable.Col source="configured" disableSort render={() => <ConfiguredChip />} />
      </DataTable>
    </ResourceList>
  );
}
