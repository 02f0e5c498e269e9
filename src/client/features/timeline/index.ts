export { TIMELINE_URL_PARAMETERS, TimelineView } from './timeline-view';
