import '@fontsource-variable/manrope';
import '@fontsource-variable/cormorant-garamond';
import '../styles/app.css';
import { ManagementApp } from '../pages/manage/management-app';
import { mountPage } from './mount';

mountPage(<ManagementApp />);
