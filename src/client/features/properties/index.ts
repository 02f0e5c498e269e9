export { NoPropertiesYet } from './no-properties-yet';
export { PropertyCard } from './property-card';
export { PropertiesView } from './properties-view';
export { PropertyFormDialog } from './property-form-dialog';
export { propertiesQuery, propertyKeys } from './properties-api';
