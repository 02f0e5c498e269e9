export { MessagesView } from './messages-view';
