import { mountPage } from '@/client/entries/mount';
import { NotFoundPage } from './not-found-page';

mountPage(<NotFoundPage />);
