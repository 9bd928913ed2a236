// ra-data-simple-rest on /admin/api with the console's cookie + CSRF client. The admin screens'
// resources (users, reports, …) arrive with the admin issue.
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { adminFetch } from './http';

export const dataProvider: DataProvider = simpleRestProvider('/admin/api', adminFetch);
