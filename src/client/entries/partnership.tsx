import '@fontsource-variable/cormorant-garamond';
import '@fontsource-variable/manrope';
import '../styles/app.css';
import { PartnershipPage } from '../pages/site/partnership-page';
import { mountPage } from './mount';

mountPage(<PartnershipPage />);
