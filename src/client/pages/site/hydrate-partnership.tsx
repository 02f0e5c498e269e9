import { mountPage } from '@/client/entries/mount';
import { PartnershipPage } from './partnership-page';

mountPage(<PartnershipPage />);
