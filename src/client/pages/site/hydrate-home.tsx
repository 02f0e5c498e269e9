import { mountPage } from '@/client/entries/mount';
import { HomePage } from './home-page';

mountPage(<HomePage />);
