/** Pages of the organisations domain, loaded lazily through ./manifest.ts. */
import './i18n.ts';

export { CompaniesPage } from './companies-page.tsx';
export { CompanyGroupsPage, UserCompaniesPage } from './company-groups-page.tsx';
export { CompanyUsersPage } from './company-users-page.tsx';
export { ConfigSystemPage } from './config-system-page.tsx';
export { UsersPage } from './users-page.tsx';
