export { ChannelsAttention } from './channels-attention';
export { ChannelsView } from './channels-view';
