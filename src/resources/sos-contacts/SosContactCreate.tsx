export { SosContactCreate as default } from './SosContactForm';
