export { BackupsView } from './backups-view';
