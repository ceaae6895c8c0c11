import LocalAirportIcon from '@mui/icons-material/LocalAirport';
import { zoneFares as zoneFaresManifest } from '../../domain/resources';
import { definePanelOverrides } from '../panelResource';

/**
 * Fixed fares between two zones (issue 32): the field kit's generated list, show and forms (zone
 * and vehicle-type pickers, a money input), with their own icon; reached from the Service Zones list.
 */
export const zoneFares = definePanelOverrides(zoneFaresManifest, { icon: LocalAirportIcon });
