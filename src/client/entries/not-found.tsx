import '@fontsource-variable/cormorant-garamond';
import '@fontsource-variable/manrope';
import '../styles/app.css';
import { NotFoundPage } from '../pages/site/not-found-page';
import { mountPage } from './mount';

mountPage(<NotFoundPage />);
