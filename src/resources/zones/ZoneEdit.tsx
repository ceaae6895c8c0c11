export { ZoneEdit as default } from './ZoneForm';
