/**
 * Pages of this domain, imported (lazily) by src/client/routes/. Replace a placeholder by exporting
 * the real component under the same name, e.g. `export { CategoriesPage } from './categories-page.tsx';`.
 */
import { placeholderPage } from '../../components/not-available-yet.tsx';

/** /company-users: admin mode for MOBCHECK_ADMIN, non-admin otherwise. */
export const CompanyUsersPage = placeholderPage('menu.employees');
export const CompaniesPage = placeholderPage('menu.companies');
export const CompanyGroupsPage = placeholderPage('menu.companyGroups');
export const UserCompaniesPage = placeholderPage('menu.userCompanies');
export const UsersPage = placeholderPage('menu.users');
export const ConfigSystemPage = placeholderPage('menu.configSystem');
