export { ActivityView } from './activity-view';
export { EntityHistory } from './entity-history';
