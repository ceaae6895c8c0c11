import StarRateIcon from '@mui/icons-material/StarRate';
import { reviews as reviewsManifest } from '../../domain/resources';
import { definePanelOverrides } from '../panelResource';

/** Reviews left after trips: the generated screens (src/resources/generated), with their own icon. */
export const reviews = definePanelOverrides(reviewsManifest, { icon: StarRateIcon });
