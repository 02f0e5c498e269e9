import '@fontsource-variable/cormorant-garamond';
import '@fontsource-variable/manrope';
import '../styles/app.css';
import { HomePage } from '../pages/site/home-page';
import { mountPage } from './mount';

mountPage(<HomePage />);
