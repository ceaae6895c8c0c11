import { ACTIONS } from '../../domain/resourceActions';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { ConfirmActionButton } from '../shared/ConfirmActionButton';
import type { VehicleType } from './types';

/** Active (green) or inactive (grey), as the status chips of the kit read. */
export function ActiveChip() {
  const translate = useTranslate();
  const record = useRecordContext<VehicleType>();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={record.active ? 'success' : 'default'}
      variant={record.active ? 'filled' : 'outlined'}
      label={translate(record.active ? 'app.vehicleTypes.active' : 'app.vehicleTypes.inactive')}
      data-testid="active-chip"
    />
  );
}

/**
 * Deactivate (with how many approved drivers it affects) or activate again. The server refuses to
 * deactivate while drivers of the type are on a trip and says how many; the error dialog shows it.
 */
export function ActiveToggleButton() {
  const translate = useTranslate();
  const record = useRecordContext<VehicleType>();
  if (!record) return null;
  const name = record.name;
  return record.active ? (
    <ConfirmActionButton
      action={ACTIONS['vehicle-types'].deactivate}
      label="app.vehicleTypes.deactivate"
      color="error"
      icon={<BlockIcon />}
      confirmTitle={translate('app.vehicleTypes.deactivateTitle', { name })}
      confirmContent={translate('app.vehicleTypes.deactivateBody', {
        name,
        drivers: translate('app.vehicleTypes.approvedDrivers', { smart_count: record.approvedDrivers }),
      })}
    />
  ) : (
    <ConfirmActionButton
      action={ACTIONS['vehicle-types'].activate}
      label="app.vehicleTypes.activate"
      icon={<CheckCircleOutlineIcon />}
      confirmTitle={translate('app.vehicleTypes.activateTitle', { name })}
      confirmContent={translate('app.vehicleTypes.activateBody', { name })}
    />
  );
}
