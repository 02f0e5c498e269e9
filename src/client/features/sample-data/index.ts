export { SampleDataBanner } from './sample-data-banner';
