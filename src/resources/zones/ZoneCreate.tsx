export { ZoneCreate as default } from './ZoneForm';
