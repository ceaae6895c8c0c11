export { SosContactEdit as default } from './SosContactForm';
